// `npm run bench -- --flood`: the flood row alone (bench/flood.ts) on a prepared PostgreSQL corpus, read only:
// the app started once, then idle and flood back to back, `runs` times. Prints the table and writes
// bench/results/flood.md and flood.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { startApp } from "./app-server";
import { label, preparedPostgres } from "./databases";
import { floodRow, type FloodOptions, type FloodResult } from "./flood";
import { floodTable, renderTable } from "./report";
import { floodLine } from "./target";

export async function runFloodAlone(opts: FloodOptions & { articles: number; runs: number; port: number }): Promise<void> {
  const { target, corpus } = await preparedPostgres(opts.articles);
  const started = new Date();
  const app = await startApp(target, { port: opts.port, env: { AI_EMBEDDING_MODEL: "" } });
  const runs: FloodResult[] = [];
  try {
    for (let i = 0; i < opts.runs; i++) {
      const f = await floodRow(app.base, target.databaseUrl, corpus.articleId, opts);
      runs.push(f);
      console.log(`bench: run ${i + 1}: ${floodLine(f)}`);
    }
    const logged = app.errorsLogged();
    if (logged) console.error(`bench: the app logged ${logged} error lines: see ${app.logFile}`);
  } finally {
    await app.stop();
  }
  const header = `${started.toISOString().slice(0, 16).replace("T", " ")} UTC, npm run bench -- --flood, ${cpus().length} cores, Node ${process.version}, PostgreSQL, ${corpus.articles.toLocaleString("en")} articles; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`;
  const markdown = [header, renderTable(floodTable(`PostgreSQL, ${label(opts.articles)} articles`, runs))].join("\n\n");
  console.log(`\n${markdown}\n`);
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "flood.json"), `${JSON.stringify({ date: started.toISOString(), machine: { cores: cpus().length, node: process.version }, articles: corpus.articles, runs }, null, 2)}\n`);
  writeFileSync(join(out, "flood.md"), `${markdown}\n`);
  console.log("written to bench/results/flood.md and bench/results/flood.json");
}
