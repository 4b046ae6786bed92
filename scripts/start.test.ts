import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// `npm start` validates the configuration before building or opening anything.
describe("npm start with a bad configuration", () => {
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_URL: "nonsense" }, "DATABASE_URL"],
  ])("%j exits 1 with one line naming %s", (env, variable) => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      env: { ...process.env, ...env },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^配置错误：环境变量 ${variable} `));
    expect(run.stdout).toBe("");
  }, 60_000); // a Node process with tsx: seconds on a busy 2-core machine
});
