// Cold start on the embedded database: scripts/measure-startup.mjs spawns the built standalone server on a
// fresh PGlite data directory (initdb, migrations, demo articles) and then on the same directory again,
// and times each until /api/ready answers 200.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

export type Startup = { runs: number; fresh: number[]; existing: number[]; freshMedian: number; existingMedian: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function measureStartup(runs: number): Startup {
  const root = resolve(import.meta.dirname, "..");
  const out = execFileSync(process.execPath, ["scripts/measure-startup.mjs", String(runs), "--json"], { cwd: root, encoding: "utf8" });
  const { fresh, existing } = JSON.parse(out.trim().split("\n").pop()!) as { fresh: number[]; existing: number[] };
  return { runs, fresh, existing, freshMedian: median(fresh), existingMedian: median(existing) };
}
