// The sitemaps' rows (issue 30): the functions that build /sitemap.xml and /sitemaps/{k}.xml
// (lib/seo/sitemaps.ts), timed against a prepared PostgreSQL corpus, read only. Alone:
//
//   node --conditions=react-server --import tsx bench/sitemaps.ts [sizes…]   (default 100000 1000000)
//
// For each corpus: the index and one full file (the range of the middle id), cold (the first build in a fresh
// cache: median of 3, each in a new one) and cached (a repeat: median of 50; for the file also the 200 it
// sends, unzipped); the file's revalidation after the articles version moved (its range's stamp read again);
// a 304 answer; a crawl of every file the index lists, with the count of URLs against the visible articles;
// every document built by a process that has just started (bench/sitemap-cold.ts: the first request after a
// start, minus the route's loading), the slowest named; EXPLAIN ANALYZE of the range scan, the stamp and the
// index's scan. Writes bench/results/sitemaps.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "@/lib/db/client";
import { createSitemaps, rangeArticles, rangeStamp, rangeStamps, SITEMAP_IDS_PER_FILE, sitemapResponse, type SitemapDoc } from "@/lib/seo/sitemaps";
import { label, postgresAt, ready } from "./databases";

const BASE = "https://shiyue.example";
const COLD_RUNS = 3;
const CACHED_RUNS = 50;

export type SitemapRow = { measure: string; p50: number; max: number; note: string };
export type SitemapBench = { articles: number; rows: SitemapRow[]; plans: string[]; crawl: { files: number; urls: number; visible: number; ms: number } };
/** One document built by a process that had just started (bench/sitemap-cold.ts). */
type ColdStart = { what: string; built: number; answered: number; urls: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (ms: number) => Math.round(ms * 10) / 10;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

async function runs(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; max: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) ms.push((await timed(fn))[1]);
  return { p50: round(median(ms)), max: round(Math.max(...ms)) };
}

/** The SQL the next call sends (pg's query text and values), for EXPLAIN. */
async function capture(fn: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const original = pg.Client.prototype.query;
  const seen: { text: string; values: unknown[] }[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof config === "string") seen.push({ text: config, values: values ?? [] });
    else seen.push({ text: config.text, values: config.values ?? values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

async function explain(url: string, what: string, query: { text: string; values: unknown[] }): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.text}`, query.values);
    return [`${what}:`, ...rows.map((r) => `    ${r["QUERY PLAN"]}`)].join("\n");
  } finally {
    await client.end();
  }
}

function coldStart(databaseUrl: string, what: string): ColdStart {
  const out = execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", join(import.meta.dirname, "sitemap-cold.ts"), databaseUrl, what], { encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1)!) as ColdStart;
}

/**
 * `cold` and `cached`: runs per row, fewer for a smoke run (`npm run bench -- --quick`); `starts`: whether every
 * document is also built by a process of its own that has just started (1–2 s apiece; not in a smoke run).
 */
export async function sitemapBench(
  databaseUrl: string,
  articles: number,
  { cold = COLD_RUNS, cached = CACHED_RUNS, starts }: { cold?: number; cached?: number; starts?: boolean } = {},
): Promise<SitemapBench> {
  starts ??= cold >= COLD_RUNS;
  const handle = await openDatabase({ databaseUrl });
  const db = handle.db;
  const fresh = () => createSitemaps({ getDb: async () => db, base: () => BASE });
  try {
    const { rows: facts } = await db.execute<{ max: number; visible: number }>(sql`select max(id) as max, count(*) filter (where hidden_at is null)::int as visible from articles`);
    const k = Math.floor(facts[0].max / 2 / SITEMAP_IDS_PER_FILE);
    const rows: SitemapRow[] = [];
    const row = (measure: string, t: { p50: number; max: number }, note = "") => rows.push({ measure, ...t, note });

    let doc: SitemapDoc | null = null;
    row("index, cold", await runs(cold, async () => void (doc = await fresh().index())), "every range's stamp, each an index-only range scan");
    const indexDoc = doc! as SitemapDoc;
    const one = fresh();
    await one.index();
    row("index, cached", await runs(cached, () => one.index()), `${indexDoc.urls} files, ${indexDoc.gzip.length} B gzip`);

    row(`file ${k}, cold`, await runs(cold, async () => void (doc = await fresh().file(k))), "its articles packed by an index-only scan, XML, gzip");
    const fileDoc = doc! as SitemapDoc;
    const xmlBytes = gunzipSync(fileDoc.gzip).length;
    await one.file(k);
    row(`file ${k}, cached`, await runs(cached, () => one.file(k)), `${fileDoc.urls} URLs, ${(xmlBytes / 1e6).toFixed(1)} MB XML, ${(fileDoc.gzip.length / 1e3).toFixed(0)} kB gzip`);
    const plain = new Request(`${BASE}/sitemaps/${k}.xml`);
    row(`file ${k}, cached: its 200`, await runs(cached, async () => (await sitemapResponse(plain, await one.file(k))).arrayBuffer()), "unzipped for the answer (Next.js then compresses it)");
    row(`file ${k}, revalidated`, await runs(cold, () => rangeStamp({ db, file: k })), "after the version moved: its range's stamp read again");
    const conditional = new Request(`${BASE}/sitemaps/${k}.xml`, { headers: { "if-none-match": fileDoc.etag } });
    row(`file ${k}, 304`, await runs(cached, async () => sitemapResponse(conditional, await one.file(k))), "If-None-Match matches");

    // A crawler's walk: every file the index lists, built cold.
    const crawler = fresh();
    const [crawl, crawlMs] = await timed(async () => {
      const stamps = await rangeStamps({ db });
      let urls = 0;
      let files = 0;
      for (const [n, s] of stamps) {
        if (!s.shown) continue;
        const d = await crawler.file(n);
        urls += d?.urls ?? 0;
        files++;
      }
      return { files, urls };
    });

    if (starts) {
      const all = [coldStart(databaseUrl, "index"), coldStart(databaseUrl, "pages")];
      for (const n of (await rangeStamps({ db })).keys()) all.push(coldStart(databaseUrl, String(n)));
      const [index, ...files] = all;
      const slowest = files.reduce((a, b) => (b.answered > a.answered ? b : a));
      row("index, first build after a start", { p50: round(index.built), max: round(index.answered) }, "a new process and connection; p50 built, max with its 200");
      row(
        `every file, first build after a start`,
        { p50: round(median(files.map((c) => c.built))), max: round(Math.max(...files.map((c) => c.answered))) },
        `${files.length - 1} files and pages.xml, a process each; p50 built, max the slowest with its 200 (${slowest.what === "pages" ? "pages.xml" : `file ${slowest.what}`})`,
      );
    }

    const plans = [
      await explain(databaseUrl, `file ${k}: its articles`, (await capture(() => rangeArticles({ db, file: k })))[0]),
      await explain(databaseUrl, `file ${k}: its stamp`, (await capture(() => rangeStamp({ db, file: k })))[0]),
      await explain(databaseUrl, "index: every range's stamp", (await capture(() => rangeStamps({ db })))[0]),
    ];
    return { articles, rows, plans, crawl: { ...crawl, visible: facts[0].visible, ms: Math.round(crawlMs) } };
  } finally {
    await handle.close();
  }
}

export function sitemapTable(results: SitemapBench[]): string {
  const lines = ["| corpus | measure | p50 ms | max ms | notes |", "|---|---|---:|---:|---|"];
  for (const r of results) {
    for (const row of r.rows) lines.push(`| ${label(r.articles)} | ${row.measure} | ${row.p50} | ${row.max} | ${row.note} |`);
    const reach = r.crawl.visible ? ((100 * r.crawl.urls) / r.crawl.visible).toFixed(1) : "—";
    lines.push(`| ${label(r.articles)} | crawl: every file, cold | ${r.crawl.ms} | | ${r.crawl.files} files, ${r.crawl.urls} article URLs of ${r.crawl.visible} visible (${reach}%) |`);
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  const results: SitemapBench[] = [];
  for (const n of sizes.length ? sizes : [100_000, 1_000_000]) {
    const target = postgresAt(n);
    // The shared 1M corpus is read only here: prepare (seed) only the smaller ones.
    if (n < 1_000_000) await ready(target, n);
    results.push(await sitemapBench(target.databaseUrl, n));
  }
  const header = `${new Date().toISOString().slice(0, 10)}, bench/sitemaps.ts, ${cpus().length} cores, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}.`;
  const markdown = [header, sitemapTable(results), ...results.map((r) => `EXPLAIN ANALYZE at ${label(r.articles)}:\n\n\`\`\`\n${r.plans.join("\n")}\n\`\`\``)].join("\n\n");
  console.log(markdown);
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "sitemaps.md"), `${markdown}\n`);
  console.log("written to bench/results/sitemaps.md");
  process.exit(0); // a module the corpus preparation loads keeps the event loop alive
}
