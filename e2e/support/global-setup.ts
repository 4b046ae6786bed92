// Before any journey: one production build for this Node.js line (npm start's own build step, scripts/start.ts
// --build-only), shared by every worker's server and by the journeys that start a server themselves.
import { spawnSync } from "node:child_process";

export default function globalSetup() {
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/start.ts", "--build-only"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("the production build failed (see above)");
}
