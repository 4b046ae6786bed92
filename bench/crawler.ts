// `npm run bench:crawler [sizes…]` (default 100000 1000000): what a search engine's crawler costs, against the
// production build on prepared PostgreSQL corpora (`npm run bench -- --prepare`), read only but for what
// serving writes. For each corpus (issue 30's rows):
//
// - a crawl: BENCH_CRAWL_PAGES (default 10,000) visible articles drawn at random, each permalink fetched once
//   as a crawler does (document, gzip, one request at a time): almost every one misses the memory cache
//   (500 pages) and is rendered. Every status, p50/p95/max;
// - revalidation: one kept permalink asked with its ETag (If-None-Match) by 8 connections for
//   BENCH_SECONDS: every answer must be a 304; requests per second and latencies. The same page's 200 beside it.
//
// Alone it writes bench/results/crawler.md; `npm run bench` runs it on its PostgreSQL corpora too. Run it under
// `flock /tmp/sy-bench.lock` where other work measures.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { appFor, type App } from "./app-server";
import { label, postgresAt } from "./databases";
import { loadResult, type LoadResult } from "./load";
import { inspectBenchDb } from "./prepare-db";

const PAGES = Number(process.env.BENCH_CRAWL_PAGES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CRAWLER = { "user-agent": "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", accept: "text/html", "accept-encoding": "gzip" };

export type CrawlResult = { size: number; crawl: LoadResult & { statuses: Record<string, number>; seconds: number }; revalidate: LoadResult & { statuses: Record<string, number> }; full: LoadResult };

/** `n` visible article ids in random order. */
async function randomIds(databaseUrl: string, n: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>("select id from articles where hidden_at is null order by random() limit $1", [n]);
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** Requests for one path by `connections` keep-alive connections for `seconds`, counting each status. */
function hammer(base: string, path: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult & { statuses: Record<string, number> }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: `${base}${path}`, connections, duration: seconds, headers, timeout: 30 }, (err, result) => {
      if (err) return reject(err);
      const bad = result.errors + result.timeouts;
      resolve({ ...loadResult(connections, latencies, bad, result.duration), statuses });
    });
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

/**
 * The crawler's rows on a prepared PostgreSQL corpus (`size`: its nominal size), the app started on `port`;
 * for a smoke run (`npm run bench -- --quick`), smaller `pages` and `seconds` and the run's own `app`.
 */
export async function crawlCorpus(target: { databaseUrl: string }, size: number, port: number, { pages = PAGES, seconds = SECONDS, app: shared }: { pages?: number; seconds?: number; app?: App } = {}): Promise<CrawlResult> {
  const corpus = await inspectBenchDb(target.databaseUrl);
  if (!corpus || corpus.articles < size) throw new Error(`${target.databaseUrl} is not prepared: run BENCH_ARTICLES=${size} npm run bench -- --prepare first`);
  const ids = await randomIds(target.databaseUrl, pages);
  const app = await appFor(target, { port, env: { OPENAI_API_KEY: "", AI_EMBEDDING_MODEL: "" } }, shared);
  try {
    // The route's code loaded, once, on an article outside the crawl.
    await (await fetch(`${app.base}/articles/${corpus.articleId}`, { headers: CRAWLER })).arrayBuffer();

    console.log(`bench: crawling ${ids.length} random permalinks of ${label(size)}…`);
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const started = performance.now();
    for (const id of ids) {
      const t = performance.now();
      const res = await fetch(`${app.base}/articles/${id}`, { headers: CRAWLER });
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    const crawlSeconds = (performance.now() - started) / 1000;
    const crawl = { ...loadResult(1, latencies, ids.length - (statuses[200] ?? 0), crawlSeconds), statuses, seconds: Math.round(crawlSeconds) };

    const path = `/articles/${corpus.articleId}`;
    const first = await fetch(`${app.base}${path}`, { headers: CRAWLER });
    await first.arrayBuffer();
    const etag = first.headers.get("etag");
    if (!etag) throw new Error(`${path} answered no ETag`);
    console.log(`bench: revalidating ${path} (${etag}) at c=8 for ${seconds} s…`);
    const revalidate = await hammer(app.base, path, { ...CRAWLER, "if-none-match": etag }, 8, seconds);
    const full = await hammer(app.base, path, CRAWLER, 8, seconds);
    if (app.errorsLogged()) console.error(`bench: the app logged ${app.errorsLogged()} error lines: see ${app.logFile}`);
    return { size, crawl, revalidate, full };
  } finally {
    await app.stop();
  }
}

const statusText = (s: Record<string, number>) => Object.entries(s).map(([code, n]) => `${n.toLocaleString("en")} × ${code}`).join(", ");

export function crawlerTable(results: CrawlResult[]): string {
  return [
    "| corpus | measure | answers | p50 | p95 | max | req/s | target |",
    "|---|---|---|--:|--:|--:|--:|---|",
    ...results.flatMap(({ size, crawl, revalidate, full }) => [
      `| ${label(size)} | ${crawl.requests.toLocaleString("en")} random permalinks, cold, one at a time (${crawl.seconds} s) | ${statusText(crawl.statuses)} | ${crawl.p50} ms | ${crawl.p95} ms | ${crawl.max} ms | ${crawl.rps} | p95 ≤ 30 ms, only 200 |`,
      `| ${label(size)} | a kept permalink revalidated (If-None-Match), c=8 | ${statusText(revalidate.statuses)} | ${revalidate.p50} ms | ${revalidate.p95} ms | ${revalidate.max} ms | ${revalidate.rps} | 304s, ≥ 2,000 req/s |`,
      `| ${label(size)} | the same page's 200 (gzip), c=8 | ${full.requests.toLocaleString("en")} answers, ${full.errors} errors | ${full.p50} ms | ${full.p95} ms | ${full.max} ms | ${full.rps} | |`,
    ]),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const results: CrawlResult[] = [];
  for (const size of sizes.length ? sizes : [100_000, 1_000_000]) results.push(await crawlCorpus(postgresAt(size), size, Number(process.env.BENCH_PORT ?? 3394)));
  const header = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, npm run bench:crawler, ${cpus().length} cores, Node ${process.version}, PostgreSQL; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`;
  const markdown = `${header}\n\n${crawlerTable(results)}`;
  console.log(`\n${markdown}\n`);
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "crawler.md"), `${markdown}\n`);
  process.exit(0);
}
