// npm run bench: the performance figures of docs/performance.md, measured against the production build.
//
//   npm run bench               the full run (about 25 minutes): PostgreSQL with 100,000 articles against
//                               the floor, PGlite with 10,000 and 100,000, the scaling table (1k / 10k /
//                               100k), 100k against 1M (every scenario one request at a time, the chat's
//                               first byte and the search flood on both), a crawler's permalinks (10,000
//                               random ones cold, 304 revalidation at c=8), 50 simulated readers' personal
//                               page 1 against the hot order (issue 31), the comments row on 1M (issue 43),
//                               the digest row on 1M (issue 44; about 12 minutes of it), the cold-start row on
//                               1M (three fresh processes, 90 s of each: about 5 minutes), PGlite
//                               cold start, query plans, the summary pipeline, media pipeline (issue 20),
//                               first-load JS
//   npm run bench -- --quick    a smoke run, not the figures: each part once and small, so a broken bench
//                               shows (no PGlite, scaling table, summary or media pipeline). PostgreSQL with
//                               10,000 articles against the floor (1 s rows, one request at a time), 50
//                               permalinks crawled, 4 readers × 2 rounds, sitemaps once cold, 5 chat
//                               questions, the comments row on 20,000 comments (1 s rows), the digest row (20
//                               readers, 50 for the worker, /daily 1 s), the cold-start row once (its first 30 s),
//                               one PGlite cold start, one app start for the
//                               crawler, the readers, the comments, the digests and the table. Under 3
//                               minutes once prepared (2026-11-29, beside a test suite at load average 10–13:
//                               2 min 15 s and 2 min 42 s; with the comments row, 2 min 33 s at load average 2;
//                               a build when the app changed adds 3–4 minutes). With BENCH_ARTICLES=1000000: 1M
//                               against the floor, then 100k, and the 100k-vs-1M table with the flood (about 15
//                               minutes before 2026-11-29's cuts), and the comments row on its 5,000,000
//   npm run bench -- --prepare  only prepare (seed) every corpus the run would use, then exit
//   npm run bench -- --flood    only the flood row (bench/flood.ts) on a prepared PostgreSQL corpus
//                               (BENCH_ARTICLES, default 1,000,000 here), read only: the home page, a
//                               permalink and the feed timed idle and while BENCH_FLOOD_CLIENTS search,
//                               in alternating phases, BENCH_FLOOD_RUNS times (default 2); bench/results/flood.md
//   npm run bench -- --mixed-crowd  only the mixed-crowd row (bench/mixed-crowd.ts, issue 46) on a prepared
//                               PostgreSQL corpus (BENCH_ARTICLES, default 1,000,000), per-client budgets on:
//                               BENCH_FLOOD_CLIENTS clients at one address ask for searches' pages 1–3 and random
//                               permalinks while a reader at another opens the home page every 100 ms, alternating
//                               with the reader alone (as long as it is timed beside the crowd), BENCH_FLOOD_RUNS
//                               times (default 2), the reader's figures pooled over the runs ("all", the target's);
//                               bench/results/mixed-crowd.md. Also in the full run, after the cold-start row on its
//                               corpus, and once (one 4-s phase) in a quick run
//   npm run bench -- --comments only the comments row (issue 43, bench/comments.ts) on a prepared PostgreSQL
//                               corpus (BENCH_ARTICLES, default 1,000,000 here): 5,000,000 comments, one article
//                               holding 100,000, seeded into it the first time (bench/comments-seed.ts: 193 s on
//                               2026-11-29); the thread's pages, 消息, posts and the article's permalink (200, ETag,
//                               304) at BENCH_CONNECTIONS for BENCH_SECONDS each, and EXPLAIN ANALYZE of every
//                               statement; about 4 minutes once seeded; bench/results/comments.md and
//                               comments-plans.md. With --quick: the quick run's timings (1 s rows, c=1)
//   npm run bench -- --digest   only the 今日精选 row (issue 44, bench/digest.ts) on a prepared PostgreSQL corpus
//                               (BENCH_ARTICLES, default 1,000,000 here), readers seeded for it and removed after it
//                               (bench/digest-seed.ts): 300 readers' digests by the local engine timed in process and
//                               50 more through GET /api/v1/digest, one worker's round (DIGEST_CONCURRENCY) for
//                               10,000 active readers against the loopback model, /daily/{today} as a kept page (200,
//                               ETag, 304, then BENCH_SECONDS at each of BENCH_CONNECTIONS), EXPLAIN ANALYZE of the
//                               candidate statements; bench/results/digest.md and digest-plans.md. With --quick: the
//                               quick run's sizes (20 readers, 10 over HTTP, 50 for the worker, 1 s at c=1)
//   npm run bench -- --cold-start  only the cold-start row (bench/cold-start.ts) on a prepared PostgreSQL corpus
//                               (BENCH_ARTICLES, default 1,000,000 here), writing nothing itself: BENCH_COLD_STARTS
//                               fresh processes (default 3), each from /api/ready until 60 s after its spawn, one
//                               client asking in turn the chat's first byte (4 questions), a signed-in home page,
//                               the personal feed page 1, a random permalink and a visitor's search, then 30 s more
//                               for comparison; about 5 minutes; bench/results/cold-start.{md,json}. With --quick:
//                               one start, 30 s, nothing after
// The full run includes the comments row on its 1M corpus (the large one by default; seeded with the corpora,
// before any measurement, --prepare included); a quick run, on its main corpus, once, so a broken row shows: on
// 10k with 20,000 comments (4,000 on the heavy article), on 1M with its 5,000,000. The same for the digest row: the
// full run's on its 1M corpus at the sizes above, a quick run's on its main corpus at the quick sizes. And for the
// cold-start row, after every other part (the simulated readers' interests personalise its page 1).
//
// Run it under `flock /tmp/sy-bench.lock` where other work builds, starts or measures the app. Environment:
//   BENCH_DATABASE_URL     base of the PostgreSQL databases (default postgres://postgres@127.0.0.1:5432/shiyue_bench;
//                          the corpora are shiyue_bench_1k, _10k, _100k, _1m)
//   BENCH_ARTICLES         main corpus size (default 100000, quick 10000)
//   BENCH_LARGE_ARTICLES   the large corpus compared with the main one (default 1000000 in the full run, 0 for none;
//                          a quick run compares only when it is set, or when the main corpus is 1M: with 100k)
//   BENCH_PGLITE_ARTICLES  PGlite corpus sizes (default 10000,100000)
//   BENCH_SECONDS          seconds per measurement (default 10, quick 1; scaling, PGlite and the large corpus use half)
//   BENCH_CONNECTIONS      connection counts (default 1,4, quick 1)
//   BENCH_CRAWL_PAGES, BENCH_RECOMMEND_READERS, BENCH_RECOMMEND_ROUNDS
//                          the crawler's permalinks and the simulated readers and rounds (defaults in
//                          bench/crawler.ts and bench/recommendations.ts: 10000, 50, 10; quick 50, 4, 2)
//   BENCH_FLOOD_CLIENTS    how many clients search for the commonest words in the flood row (default 16)
//   BENCH_FLOOD_SECONDS    how long each flood phase lasts (default 10; 5 s idle before each)
//   BENCH_FLOOD_CYCLES     idle and flood phases, alternating (default 3 of each)
//   BENCH_COLD_STARTS      fresh processes of the cold-start row (default 3, quick 1)
//   BENCH_COLD_SECONDS     how long after its spawn each is measured (default 60, quick 30)
//   BENCH_COLD_LATER_SECONDS  then how long more of the same, for comparison (default 30, quick 0)
//   BENCH_APP_NODE_OPTIONS Node options for the app's server only (e.g. --heap-prof; a CPU profile, which Node 20
//                          refuses as --cpu-prof here: --import $PWD/bench/cpu-profile.mjs)
// Results: bench/results/latest.json and bench/results/latest.md (the tables, ready for the docs).
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { resetConfig } from "@/lib/config";
import { startFakeOpenAI } from "@/test/openai-server";
import { startApp } from "./app-server";
import { label, pgliteAt, postgresAt, ready } from "./databases";
import { explainQueries } from "./explain";
import { runFloodAlone } from "./flood-run";
import { mixedCrowdCaption, mixedCrowdCorpus, mixedCrowdJson, mixedCrowdTable, runMixedCrowdAlone, type MixedCrowdRuns } from "./mixed-crowd";
import { coldStartCorpus, coldStartTable, runColdStartAlone, writeColdStartResults, type ColdStartResult } from "./cold-start";
import { commentsCorpus, commentsTable, runCommentsAlone, writeCommentsResults, type CommentsResult } from "./comments";
import { commentsSizeFor, seedComments } from "./comments-seed";
import { digestCorpus, digestTable, FULL_DIGEST, QUICK_DIGEST, runDigestAlone, writeDigestResults, type DigestResult } from "./digest";
import type { Row } from "./measure";
import { describe, type BenchDb } from "./prepare-db";
import { comparisonTable, judge, mainTable, renderTable, scaleTable, scalingTable, targetsTable, type Table } from "./report";
import { SCALE_KEYS, TWO_WORD_KEYWORDS } from "./scenarios";
import { sitemapBench, sitemapTable, type SitemapBench } from "./sitemaps";
import { crawlCorpus, crawlerTable, type CrawlResult } from "./crawler";
import { recommendCorpus, recommendTable, type RecommendResult } from "./recommendations";
import { measureStartup } from "./startup";
import { mediaPipeline, mediaTable } from "./media-pipeline";
import { summaryPipeline } from "./summary-pipeline";
import { runTarget, type TargetResult } from "./target";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const floodOnly = args.includes("--flood");
const mixedCrowdOnly = args.includes("--mixed-crowd");
const commentsOnly = args.includes("--comments");
const digestOnly = args.includes("--digest");
const coldStartOnly = args.includes("--cold-start");
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const mainSize = env("BENCH_ARTICLES", floodOnly || mixedCrowdOnly || commentsOnly || digestOnly || coldStartOnly ? 1_000_000 : quick ? 10_000 : 100_000);
const pgliteSizes = quick ? [] : (process.env.BENCH_PGLITE_ARTICLES ?? "10000,100000").split(",").map(Number);
const scalingSizes = quick ? [] : [1_000, 10_000, 100_000].filter((n) => n < mainSize);
// The quick run is a smoke run (every part of the bench once, briefly, so a broken one shows), not the
// figures: 1 s rows after a half-second warm-up, one request at a time (the crawler's revalidation still
// loads 8 connections), and each part below at a small size.
const seconds = env("BENCH_SECONDS", quick ? 1 : 10);
const connections = (process.env.BENCH_CONNECTIONS ?? (quick ? "1" : "1,4")).split(",").map(Number);
const load = { connections, seconds, warmupSeconds: quick ? 0.5 : 2 };
const shortLoad = { ...load, seconds: Math.max(2, Math.round(seconds / 2)) };
// The two corpora of the 100k-vs-1M table (issue 17): the full run adds the large one to its main corpus,
// a quick run on 1M adds 100k (or compares with BENCH_LARGE_ARTICLES when set). Both get the chat's first
// byte and the search flood.
const largeSize = env("BENCH_LARGE_ARTICLES", quick ? 0 : 1_000_000);
const scalePair = quick && mainSize >= 1_000_000 ? [100_000, mainSize] : largeSize > mainSize ? [mainSize, largeSize] : null;
const scaleOther = scalePair?.find((n) => n !== mainSize);
const floodClients = env("BENCH_FLOOD_CLIENTS", 16);
const floodOptions = { clients: floodClients, seconds: env("BENCH_FLOOD_SECONDS", 10), idleSeconds: 5, cycles: env("BENCH_FLOOD_CYCLES", 3) };
const flood = scalePair ? floodOptions : undefined;
// The mixed-crowd row (issue 46): alone, or in a full run on the cold-start row's corpus; a quick run's once, short.
const mixedCrowd = quick && !mixedCrowdOnly
  ? { clients: floodClients, seconds: 4, cycles: 1, runs: 1 }
  : { clients: floodClients, seconds: floodOptions.seconds, cycles: floodOptions.cycles, runs: env("BENCH_FLOOD_RUNS", 2) };
const chatQuestions = quick ? 5 : 50;
// A few random permalinks still go through the crawl loop (the full 10,000 took 7 minutes on 10k), four
// readers (two with one topic, two with two) through every step of the simulation, and each sitemap row
// once cold and a few times cached; the full run keeps the defaults of bench/crawler.ts,
// bench/recommendations.ts and bench/sitemaps.ts.
const crawlSize = quick ? { pages: env("BENCH_CRAWL_PAGES", 50), seconds } : {};
const recommendSize = quick ? { readers: env("BENCH_RECOMMEND_READERS", 4), rounds: env("BENCH_RECOMMEND_ROUNDS", 2) } : {};
const sitemapRuns = quick ? { cold: 1, cached: 5 } : {};
// The cold-start row: fresh processes, each measured until this long after its spawn, then this long more for comparison.
const coldStart = { starts: env("BENCH_COLD_STARTS", quick ? 1 : 3), seconds: env("BENCH_COLD_SECONDS", quick ? 30 : 60), laterSeconds: env("BENCH_COLD_LATER_SECONDS", quick ? 0 : 30) };

process.env.AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
resetConfig();
const started = performance.now();
console.log(`bench: ${floodOnly ? "flood" : mixedCrowdOnly ? "mixed-crowd" : commentsOnly ? "comments" : digestOnly ? "digest" : coldStartOnly ? "cold-start" : quick ? "quick" : "full"} run, ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
if (mixedCrowdOnly) {
  const port = Number(process.env.BENCH_PORT ?? 3391);
  await runMixedCrowdAlone({ ...mixedCrowd, articles: mainSize, port });
  process.exit(0);
}
if (floodOnly) {
  const port = Number(process.env.BENCH_PORT ?? 3391);
  await runFloodAlone({ ...floodOptions, articles: mainSize, runs: env("BENCH_FLOOD_RUNS", 2), port });
  process.exit(0);
}
if (commentsOnly) {
  const port = Number(process.env.BENCH_PORT ?? 3391);
  const command = `${process.env.BENCH_ARTICLES ? `BENCH_ARTICLES=${mainSize} ` : ""}npm run bench -- --comments${quick ? " --quick" : ""}`;
  await runCommentsAlone({ articles: mainSize, size: commentsSizeFor(mainSize), port, load, command });
  process.exit(0);
}
if (digestOnly) {
  const port = Number(process.env.BENCH_PORT ?? 3391);
  const command = `${process.env.BENCH_ARTICLES ? `BENCH_ARTICLES=${mainSize} ` : ""}npm run bench -- --digest${quick ? " --quick" : ""}`;
  await runDigestAlone({ articles: mainSize, size: quick ? QUICK_DIGEST : FULL_DIGEST, port, load, command });
  process.exit(0);
}
if (coldStartOnly) {
  const port = Number(process.env.BENCH_PORT ?? 3391);
  const command = `${process.env.BENCH_ARTICLES ? `BENCH_ARTICLES=${mainSize} ` : ""}npm run bench -- --cold-start${quick ? " --quick" : ""}`;
  await runColdStartAlone({ articles: mainSize, ...coldStart, port, command });
  process.exit(0);
}

// Every corpus first: seeding is the slow part the first time, and it must not overlap a measurement.
const main = await ready(postgresAt(mainSize), mainSize);
const scaled = new Map<number, BenchDb>();
for (const n of scalingSizes) scaled.set(n, await ready(postgresAt(n), n));
const pglite: BenchDb[] = [];
for (const n of pgliteSizes) pglite.push(await ready(pgliteAt(n), n));
const other = scaleOther ? await ready(postgresAt(scaleOther), scaleOther) : undefined;
// Issue 43's comments row: the run's 1M corpus with 5,000,000 comments; a quick run's main corpus (20,000 comments
// on 10k; a quick run on 1M measures its 5,000,000).
const commentsOn = quick ? main : [main, other].find((db) => db && db.articles >= 1_000_000);
const commentsSize = commentsOn && commentsSizeFor(commentsOn.articles);
if (commentsOn && commentsSize) await seedComments((commentsOn.target as { databaseUrl: string }).databaseUrl, commentsSize);
// Issue 44's digest row: the run's 1M corpus (its readers seeded and removed by the row); a quick run's main corpus.
const digestOn = quick ? main : [main, other].find((db) => db && db.articles >= 1_000_000);
// The cold-start row: the same corpus.
const coldStartOn = digestOn;
if (args.includes("--prepare")) process.exit(0);

const mainUrl = (main.target as { databaseUrl: string }).databaseUrl;
const explained = await explainQueries(mainUrl, main.userId, TWO_WORD_KEYWORDS[0]);
// Issue 30: the sitemap index and a file, cold and cached, and a crawl of every file (bench/sitemaps.ts).
const sitemaps: SitemapBench[] = [];
for (const db of [main, ...(other ? [other] : [])]) sitemaps.push(await sitemapBench((db.target as { databaseUrl: string }).databaseUrl, db.articles, sitemapRuns));
const summary = quick ? undefined : await summaryPipeline(mainUrl);
if (summary) console.log(`summary pipeline without provider calls: p50 ${summary.p50} ms, p95 ${summary.p95} ms`);
// Issue 20's media targets (a 2-hour MP3, a 1-hour MP4), on an in-memory PGlite: also `npm run bench:media`.
const media = quick ? undefined : await mediaPipeline();

// A loopback OpenAI-compatible provider for the chat (no embedding model: search stays full-text).
const provider = await startFakeOpenAI();
const providerEnv = { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_EMBEDDING_MODEL: "" };
const port = Number(process.env.BENCH_PORT ?? 3391);
const common = { port, provider: { url: provider.url, env: providerEnv } };
// The quick run starts the app on its main corpus once, for the crawler, the readers and the table (a start
// is 5–10 s here); the full run, and a quick one with a second corpus (its parts start apps on the same
// port), start a new one for each part, so that each has a server of its own.
const shared = quick && !other ? await startApp(main.target, { port, env: providerEnv }) : undefined;
const appOf = (db: BenchDb) => (db === main ? shared : undefined);
const crawls: CrawlResult[] = [];
const recommended: RecommendResult[] = [];
let comments: CommentsResult | undefined;
let digest: DigestResult | undefined;
let cold: ColdStartResult | undefined;
let mainResult: TargetResult;
let otherResult: TargetResult | undefined;
const pgliteResults: TargetResult[] = [];
const scaling: TargetResult[] = [];
try {
  // Issue 30: a crawler's random permalinks and a kept permalink's revalidation (bench/crawler.ts), on the
  // PostgreSQL corpora of the 100k-vs-1M table (or the main one).
  for (const db of [main, ...(other ? [other] : [])]) crawls.push(await crawlCorpus(db.target as { databaseUrl: string }, db.articles, port, { ...crawlSize, app: appOf(db) }));
  // Issue 31: simulated readers with interests, their page 1 against the hot order (bench/recommendations.ts).
  for (const db of [main, ...(other ? [other] : [])]) recommended.push(await recommendCorpus(db.target as { databaseUrl: string }, db.articles, port, { ...recommendSize, app: appOf(db) }));
  // Issue 43: the comments row (bench/comments.ts).
  if (commentsOn && commentsSize) comments = await commentsCorpus(commentsOn.target as { databaseUrl: string }, commentsOn.articles, commentsSize, port, load, { app: appOf(commentsOn) });
  // Issue 44: the digest row (bench/digest.ts).
  if (digestOn) digest = await digestCorpus(digestOn.target as { databaseUrl: string }, digestOn.articles, quick ? QUICK_DIGEST : FULL_DIGEST, port, load, { app: appOf(digestOn) });

  mainResult = await runTarget(main, { ...common, ...load, label: `PostgreSQL, ${label(main.articles)} articles`, worst: !quick || !!scalePair, chatQuestions, weigh: true, flood, app: shared });
  for (const db of pglite) pgliteResults.push(await runTarget(db, { ...common, ...shortLoad, label: `PGlite, ${label(db.articles)} articles`, worst: false }));
  for (const [n, db] of scaled) {
    // Sizes PGlite is compared with run at every connection count; the others one request at a time.
    scaling.push(await runTarget(db, { ...common, ...shortLoad, connections: pgliteSizes.includes(n) ? connections : [1], label: `PostgreSQL, ${label(n)} articles`, worst: false }));
  }
  if (other) {
    // The scenarios of the 100k-vs-1M table only, one request at a time, without the floor.
    const opts = { ...common, ...shortLoad, connections: [1], label: `PostgreSQL, ${label(other.articles)} articles`, worst: true, only: SCALE_KEYS, noFloor: true };
    otherResult = await runTarget(other, { ...opts, chatQuestions, flood });
  }
} finally {
  await shared?.stop();
  await provider.close();
}
// The cold-start row (bench/cold-start.ts) after every other app has stopped: its fresh processes need the port.
if (coldStartOn) {
  console.log(`\nbench: the cold-start row on ${label(coldStartOn.articles)}…`);
  cold = await coldStartCorpus(coldStartOn.target as { databaseUrl: string }, coldStartOn.articles, { ...coldStart, port });
}
let crowd: MixedCrowdRuns | undefined;
if (coldStartOn) {
  console.log(`\nbench: the mixed-crowd row on ${label(coldStartOn.articles)}…`);
  crowd = await mixedCrowdCorpus(coldStartOn.target as { databaseUrl: string }, coldStartOn, { ...mixedCrowd, port });
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
if (otherResult) {
  const [small, large] = [mainResult, otherResult].sort((a, b) => a.articles - b.articles);
  const per = `${label(mainResult.articles)}: ${seconds} s per row, ${label(otherResult.articles)}: ${shortLoad.seconds} s`;
  tables.push(scaleTable(small, large, per));
}
const chat = mainResult.chatFirstByte;
const facts = [
  chat && `Chat first byte (${chat.requests} questions, loopback provider): provider p50 ${chat.direct.p50} ms; through the app p50 ${chat.app.p50} ms, p95 ${chat.app.p95} ms; added p50 ${chat.added.p50} ms, p95 ${chat.added.p95} ms.`,
  `Cold start on PGlite to /api/ready (${startup.runs} run${startup.runs > 1 ? "s" : ""}): fresh data directory ${startup.fresh.map((x) => `${(x / 1000).toFixed(2)} s`).join(", ")} (median ${(startup.freshMedian / 1000).toFixed(2)} s); existing ${startup.existing.map((x) => `${(x / 1000).toFixed(2)} s`).join(", ")}.`,
  mainResult.firstLoadJs && `Home first-load JavaScript: ${(mainResult.firstLoadJs.gzip / 1024).toFixed(1)} kB gzip in ${mainResult.firstLoadJs.files} files.`,
  summary && `Summary pipeline without provider calls (${summary.runs} runs): p50 ${summary.p50} ms, p95 ${summary.p95} ms.`,
  media && `Media to a completed summary (loopback site and provider):\n\n${mediaTable(media)}`,
  `Sitemaps (bench/sitemaps.ts):\n\n${sitemapTable(sitemaps)}`,
  `A crawler's permalinks (bench/crawler.ts):\n\n${crawlerTable(crawls)}`,
  `Personal recommendations (bench/recommendations.ts):\n\n${recommendTable(recommended)}`,
  comments && `Comments (bench/comments.ts${quick ? "" : "; plans in bench/results/comments-plans.md"}):\n\n${commentsTable(comments)}`,
  digest && `今日精选 (bench/digest.ts${quick ? "" : "; bench/results/digest.md, plans in digest-plans.md"}):\n\n${digestTable(digest)}`,
  crowd && `A crowd at one address and a reader at another (bench/mixed-crowd.ts): ${mixedCrowdCaption(mixedCrowd, crowd.articles)}\n\n${renderTable(mixedCrowdTable(crowd))}`,
  cold && `Cold start, ${cold.runs.length} fresh process${cold.runs.length > 1 ? "es" : ""} on ${label(cold.articles)}, each until ${cold.seconds} s after its spawn (bench/cold-start.ts${quick ? "" : "; bench/results/cold-start.md"}), ready after ${cold.runs.map((r) => `${(r.readyMs / 1000).toFixed(1)} s`).join(", ")}:\n\n${coldStartTable(cold)}`,
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
const prepared = [main, ...scaled.values(), ...pglite, ...(other ? [other] : [])].map((db) => ({ database: describe(db.target), articles: db.articles, seedSeconds: db.seedSeconds }));
const json = { date: new Date().toISOString(), mode: quick ? "quick" : "full", seconds: took, load, prepared, machine: { cores: cpus().length, node: process.version, loadavg: loadavg() }, main: mainResult, targets: judged, pglite: pgliteResults, scaling, scale: otherResult, startup, summaryPipeline: summary, mediaPipeline: media, sitemaps, crawls, recommended, comments: comments && { ...comments, plans: comments.plans.map((c) => ({ ...c, statements: c.statements.map((s) => ({ ...s, plan: undefined })) })) }, digest: digest && { ...digest, plans: digest.plans.map((c) => ({ ...c, statements: c.statements.map((s) => ({ ...s, plan: undefined })) })) }, coldStart: cold, mixedCrowd: crowd && mixedCrowdJson(crowd), explained };
writeFileSync(join(out, "latest.json"), `${JSON.stringify(json, null, 2)}\n`);
writeFileSync(join(out, "latest.md"), `${markdown}\n`);
// The comments row's own files hold the figures of a full (or --comments) run; a quick run's are in latest.md only.
if (comments && !quick) writeCommentsResults(`${header} The comments row on ${label(comments.articles)}.`, comments);
if (digest && !quick) writeDigestResults(`${header} The digest row on ${label(digest.articles)}.`, digest);
if (cold && !quick) writeColdStartResults(`${header} The cold-start row on ${label(cold.articles)}.`, cold);
console.log(`written to bench/results/latest.json and bench/results/latest.md${comments && !quick ? ", comments.md and comments-plans.md" : ""}${digest && !quick ? ", digest.md and digest-plans.md" : ""}${cold && !quick ? ", cold-start.md and cold-start.json" : ""}`);
