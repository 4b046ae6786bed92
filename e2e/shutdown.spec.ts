import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../test/free-port";

// Runs the production server (built by the journeys' global setup) on its own fresh embedded database.
test("the server closes its database and exits cleanly on SIGTERM", async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), "shiyue-stop-")), "pglite");
  const port = await freePort();
  const server = spawn(process.execPath, ["server.js"], {
    cwd: ".next/standalone",
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", PGLITE_DIR: dataDir, DATABASE_URL: "", NEXT_MANUAL_SIG_HANDLE: "true" },
  });
  let output = "";
  server.stdout.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((done) => server.on("exit", (code) => done(code)));

  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null))?.status, { timeout: 20_000 })
    .toBe(200);
  expect(existsSync(`${dataDir}.lock`)).toBe(true);

  server.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(output).toContain('"msg":"database closed"');
  expect(existsSync(`${dataDir}.lock`)).toBe(false);
});
