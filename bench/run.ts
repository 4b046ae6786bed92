// npm run bench: the performance figures of docs/performance.md, measured against the production build.
//
//   npm run bench               the full run (about 15 minutes): PostgreSQL with 100,000 articles against
//                               the floor, PGlite with 10,000 and 100,000, the scaling table (1k / 10k /
//                               100k), the chat's first byte, cold start, query plans, the summary
//                               pipeline, first-load JS
//   npm run bench -- --quick    under 3 minutes once prepared: PostgreSQL with 10,000 articles against the
//                               floor, short runs, no PGlite or scaling table
//   npm run bench -- --prepare  only prepare (seed) every corpus the full run uses, then exit
//
// Run it under `flock /tmp/sy-e2e.lock` where other work builds or starts the app. Environment:
//   BENCH_DATABASE_URL     base of the PostgreSQL databases (default postgres://postgres@127.0.0.1:5432/shiyue_bench;
//                          the corpora are shiyue_bench_1k, _10k, _100k)
//   BENCH_ARTICLES         main corpus size (default 100000, quick 10000)
//   BENCH_PGLITE_ARTICLES  PGlite corpus sizes (default 10000,100000)
//   BENCH_SECONDS          seconds per measurement (default 10, quick 3; scaling and PGlite use half)
//   BENCH_CONNECTIONS      connection counts (default 1,4)
// Results: bench/results/latest.json and bench/results/latest.md (the tables, ready for the docs).
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { resetConfig } from "@/lib/config";
import { startFakeOpenAI } from "@/test/openai-server";
import { label, pgliteAt, postgresAt, ready } from "./databases";
import { explainQueries } from "./explain";
import type { Row } from "./measure";
import { describe, type BenchDb } from "./prepare-db";
import { comparisonTable, judge, mainTable, renderTable, scalingTable, targetsTable, type Table } from "./report";
import { TWO_WORD_KEYWORDS } from "./scenarios";
import { measureStartup } from "./startup";
import { summaryPipeline } from "./summary-pipeline";
import { runTarget, type TargetResult } from "./target";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const mainSize = env("BENCH_ARTICLES", quick ? 10_000 : 100_000);
const pgliteSizes = quick ? [] : (process.env.BENCH_PGLITE_ARTICLES ?? "10000,100000").split(",").map(Number);
const scalingSizes = quick ? [] : [1_000, 10_000, 100_000].filter((n) => n < mainSize);
const seconds = env("BENCH_SECONDS", quick ? 3 : 10);
const connections = (process.env.BENCH_CONNECTIONS ?? "1,4").split(",").map(Number);
const load = { connections, seconds, warmupSeconds: quick ? 1 : 2 };
const shortLoad = { ...load, seconds: Math.max(2, Math.round(seconds / 2)) };

process.env.AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
resetConfig();
const started = performance.now();
console.log(`bench: ${quick ? "quick" : "full"} run, ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);

// Every corpus first: seeding is the slow part the first time, and it must not overlap a measurement.
const main = await ready(postgresAt(mainSize), mainSize);
const scaled = new Map<number, BenchDb>();
for (const n of scalingSizes) scaled.set(n, await ready(postgresAt(n), n));
const pglite: BenchDb[] = [];
for (const n of pgliteSizes) pglite.push(await ready(pgliteAt(n), n));
if (args.includes("--prepare")) process.exit(0);

const mainUrl = (main.target as { databaseUrl: string }).databaseUrl;
const explained = await explainQueries(mainUrl, main.userId, TWO_WORD_KEYWORDS[0]);
const summary = quick ? undefined : await summaryPipeline(mainUrl);
if (summary) console.log(`summary pipeline without provider calls: p50 ${summary.p50} ms, p95 ${summary.p95} ms`);

// A loopback OpenAI-compatible provider for the chat (no embedding model: search stays full-text).
const provider = await startFakeOpenAI();
const providerEnv = { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_EMBEDDING_MODEL: "" };
const common = { port: Number(process.env.BENCH_PORT ?? 3391), provider: { url: provider.url, env: providerEnv } };
let mainResult: TargetResult;
const pgliteResults: TargetResult[] = [];
const scaling: TargetResult[] = [];
try {
  mainResult = await runTarget(main, { ...common, ...load, label: `PostgreSQL, ${label(main.articles)} articles`, worst: !quick, chatQuestions: quick ? 20 : 50, weigh: true });
  for (const db of pglite) pgliteResults.push(await runTarget(db, { ...common, ...shortLoad, label: `PGlite, ${label(db.articles)} articles`, worst: false }));
  for (const [n, db] of scaled) {
    // Sizes PGlite is compared with run at every connection count; the others one request at a time.
    scaling.push(await runTarget(db, { ...common, ...shortLoad, connections: pgliteSizes.includes(n) ? connections : [1], label: `PostgreSQL, ${label(n)} articles`, worst: false }));
  }
} finally {
  await provider.close();
}
console.log("\nbench: cold start on PGlite (scripts/measure-startup.mjs)…");
const startup = measureStartup(quick ? 1 : 3);

// ── Report ────────────────────────────────────────────────────────────────────────────────────────────
const judged = judge(mainResult.rows, { chatAddedP50: mainResult.chatFirstByte?.added.p50, coldStartMs: startup.freshMedian });
const tables: Table[] = [mainTable(`${mainResult.label}: app against the floor (${seconds} s per row)`, mainResult.rows, true), targetsTable(judged, mainResult.label)];
for (const p of pgliteResults) {
  const reference = [...scaling, mainResult].find((t) => t.articles === p.articles)?.rows ?? [];
  tables.push(comparisonTable(`${p.label}, embedded, against PostgreSQL with the same articles (${shortLoad.seconds} s per row)`, p.rows, reference, "PostgreSQL"));
}
if (scaling.length) {
  const c1 = (rows: Row[]) => rows.filter((r) => r.connections === Math.min(...connections));
  const per = `${shortLoad.seconds} s per row, ${label(mainResult.articles)}: ${seconds} s from the main table`;
  tables.push(scalingTable([...scaling, mainResult].map((t) => ({ label: label(t.articles), rows: c1(t.rows) })), per));
}
const chat = mainResult.chatFirstByte;
const facts = [
  chat && `Chat first byte (${chat.requests} questions, loopback provider): provider p50 ${chat.direct.p50} ms; through the app p50 ${chat.app.p50} ms, p95 ${chat.app.p95} ms; added p50 ${chat.added.p50} ms, p95 ${chat.added.p95} ms.`,
  `Cold start on PGlite to /api/ready (${startup.runs} run${startup.runs > 1 ? "s" : ""}): fresh data directory ${startup.fresh.map((x) => `${(x / 1000).toFixed(2)} s`).join(", ")} (median ${(startup.freshMedian / 1000).toFixed(2)} s); existing ${startup.existing.map((x) => `${(x / 1000).toFixed(2)} s`).join(", ")}.`,
  mainResult.firstLoadJs && `Home first-load JavaScript: ${(mainResult.firstLoadJs.gzip / 1024).toFixed(1)} kB gzip in ${mainResult.firstLoadJs.files} files.`,
  summary && `Summary pipeline without provider calls (${summary.runs} runs): p50 ${summary.p50} ms, p95 ${summary.p95} ms.`,
].filter(Boolean) as string[];
const took = (performance.now() - started) / 1000;
const header = `${new Date().toISOString().slice(0, 10)}, ${quick ? "npm run bench -- --quick" : "npm run bench"}, ${cpus().length} cores, Node ${process.version}, load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}; took ${Math.round(took)} s.`;
const markdown = [header, ...tables.map(renderTable), facts.join("\n\n")].join("\n\n");
console.log(`\n${markdown}\n`);
for (const e of explained) {
  for (const q of e.queries) console.log(`plan: ${e.call}: indexes ${q.indexes.join(", ") || "none"}; seq scans ${q.seqScans.join(", ") || "none"}; ${q.ms} ms`);
}

const out = join(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
const prepared = [main, ...scaled.values(), ...pglite].map((db) => ({ database: describe(db.target), articles: db.articles, seedSeconds: db.seedSeconds }));
const json = { date: new Date().toISOString(), mode: quick ? "quick" : "full", seconds: took, load, prepared, machine: { cores: cpus().length, node: process.version, loadavg: loadavg() }, main: mainResult, targets: judged, pglite: pgliteResults, scaling, startup, summaryPipeline: summary, explained };
writeFileSync(join(out, "latest.json"), `${JSON.stringify(json, null, 2)}\n`);
writeFileSync(join(out, "latest.md"), `${markdown}\n`);
console.log("written to bench/results/latest.json and bench/results/latest.md");
