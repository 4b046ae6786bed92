// Runs each scenario at each connection count against the app and, for the feed and search, right after
// against the floor server with the same load (so a busy moment on the machine hits both alike).
import { runLoad, type LoadResult } from "./load";
import type { BenchScenario, ScenarioKey } from "./scenarios";

export type Row = { key: ScenarioKey; name: string; connections: number; app: LoadResult; floor?: LoadResult };
export type LoadOptions = { connections: number[]; seconds: number; warmupSeconds: number };

const line = (who: string, r: LoadResult) =>
  `${who} ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ""}`;

export async function measure(appBase: string, floorBase: string | null, scenarios: BenchScenario[], opts: LoadOptions): Promise<Row[]> {
  const rows: Row[] = [];
  for (const s of scenarios) {
    for (const connections of opts.connections) {
      const load = { connections, seconds: opts.seconds, warmupSeconds: opts.warmupSeconds };
      const app = await runLoad(appBase, s, load);
      const floor = s.floor && floorBase ? await runLoad(floorBase, s, load) : undefined;
      rows.push({ key: s.key, name: s.name, connections, app, floor });
      console.log(`  ${s.name} c=${connections}: ${line("app", app)}${floor ? ` | ${line("floor", floor)}` : ""}`);
    }
  }
  return rows;
}
