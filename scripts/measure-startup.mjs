// Measures start-up of the built app on the embedded database: from spawning the standalone server to
// the first 200 from /api/ready. Runs a fresh data directory (migrate + seed) and an existing one.
// Usage: npm run build (or npm start once), then node scripts/measure-startup.mjs [runs] [--json]
// (--json: one line of JSON with every time in milliseconds, for bench/startup.ts)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const server = join(process.cwd(), ".next", "standalone", "server.js");
if (!existsSync(server)) {
  console.error("No production build: run `npm start` once (or `npm run build`) first.");
  process.exit(1);
}
const json = process.argv.includes("--json");
const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3);

async function startOnce(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [server], {
    cwd: join(process.cwd(), ".next", "standalone"),
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", PGLITE_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000) throw new Error("not ready after 60 s");
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const fresh = [];
const warm = [];
for (let i = 0; i < runs; i++) {
  const dir = join(mkdtempSync(join(tmpdir(), "shiyue-start-")), "pglite");
  fresh.push(await startOnce(dir, 3400 + i));
  warm.push(await startOnce(dir, 3450 + i));
  rmSync(dir, { recursive: true, force: true });
}
if (json) {
  console.log(JSON.stringify({ fresh: fresh.map(Math.round), existing: warm.map(Math.round) }));
  process.exit(0);
}
const fmt = (xs) => xs.map((x) => `${(x / 1000).toFixed(2)} s`).join(", ");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] / 1000;
console.log(`fresh data dir (migrate + seed): ${fmt(fresh)}  median ${median(fresh).toFixed(2)} s`);
console.log(`existing data dir:               ${fmt(warm)}  median ${median(warm).toFixed(2)} s`);
