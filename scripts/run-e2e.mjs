// npm run test:e2e: Playwright journeys in Debian's Chromium. Without a Chromium the journeys are
// skipped with a loud notice, except under CI=true, where a missing browser is a failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const line = "=".repeat(72);
  console.error(`${line}\nE2E SKIPPED: no Chromium at ${chromium}. Install it with: apt-get install -y chromium\n${line}`);
  process.exit(process.env.CI === "true" ? 1 : 0);
}
const run = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? 1);
