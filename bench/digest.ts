// Issue 44's benchmark row: 今日精选 on a prepared PostgreSQL corpus (`npm run bench -- --digest`: the 1M corpus; `npm
// run bench` on its 1M corpus; a small one in --quick). Readers are seeded for the row and removed after it
// (bench/digest-seed.ts). The digest's clock (`now`) is an hour after the corpus's newest article, and its day the
// China-time day of that instant: the synthetic articles' created_at is when they were seeded, so the whole corpus
// was "collected" within minutes, inside any window of the last 7 days. A first digest's window reaches back to the
// 20th newest article and takes every article collected with it: here the seed's last COPY batch, whose rows share
// one created_at (19,936 of the 1M). A digest after one made a day before the corpus's newest article starts there:
// its window holds the whole corpus.
//
// 1. The local engine's digest per reader: readers with 4–5 interests each (bench/digest-seed.ts), no model,
//    makeReaderDigest timed in this process for each (distinct readers: each makes a fresh digest), `local` first
//    digests, `again` readers with a digest made a day before the newest article and `tenth` readers with one made
//    when a tenth of the corpus was still to come; then GET /api/v1/digest through the production build for `http`
//    other readers, one at a time (the app's own clock), and for the same again (made: what a request adds).
//    Target: p95 ≤ 200 ms in process.
// 2. The worker with the loopback model: `worker` readers active on the day, digest_minute 0; ONE digestRound in this
//    process at DIGEST_CONCURRENCY (default 4: one worker), against test/openai-server.ts scripted to answer a good
//    digest (3 sections × 2 points citing the prompt's ids); total time, digests a minute, chat requests, who wrote
//    them, the prompt's size. Target: 10,000 readers within 30 minutes. The corpus's other accounts that would be due
//    are set aside for the round (their lease taken and put back).
// 3. /daily/{today} as a kept page: the site's digest of today's China day (the app's clock is real time) made
//    before the app starts; a visitor's GET rendered once, then a kept page (`x-page-cache: hit`) with an ETag, 304 on
//    If-None-Match, then loaded at each connection count for `seconds`, every answer's header checked.
// 4. EXPLAIN (ANALYZE, BUFFERS) of the candidate statements (bench/digest-plans.ts), before the app starts.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import autocannon, { type Result } from "autocannon";
import { and, eq, inArray, sql } from "drizzle-orm";
import { chinaDay } from "@/lib/china-time";
import { signToken } from "@/lib/auth/token";
import { getConfig, resetConfig } from "@/lib/config";
import { openDatabase, type Db } from "@/lib/db/client";
import { digests } from "@/lib/db/schema";
import { ACTIVE_DAYS, MIN_CANDIDATES } from "@/lib/digest/constants";
import { chinaDaysBefore as daysBefore } from "@/lib/china-time";
import { digestRound } from "@/lib/digest/worker";
import { makeReaderDigest, makeSiteDigest } from "@/lib/digest/write";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { startApp, type App } from "./app-server";
import { plansMarkdown, plansSummary, type ExplainedCall } from "./comments-plans";
import { label, preparedPostgres } from "./databases";
import { explainDigest, slowStatements } from "./digest-plans";
import { removeReaders, restore, seedReaders, setAsideOthers, snapshot, termCounts, type ReaderKind, type TermCount } from "./digest-seed";
import { loadResult, type LoadResult } from "./load";

export type DigestSize = Record<Exclude<ReaderKind, "plan">, number>;
/** The benchmark row of issue 44. */
export const FULL_DIGEST: DigestSize = { warm: 5, local: 300, again: 300, tenth: 100, http: 50, worker: 10_000 };
/** The smoke size (the quick run). */
export const QUICK_DIGEST: DigestSize = { warm: 2, local: 20, again: 20, tenth: 10, http: 10, worker: 50 };
export type DigestLoad = { connections: number[]; seconds: number; warmupSeconds: number };

export const LOCAL_TARGET_MS = 200;
export const WORKER_TARGET_MINUTES = 30;
/** A statement slower than this at 1M is named in the results. */
export const SLOW_STATEMENT_MS = 20;
/** GET /api/v1/digest requests before the timed ones (the route's code loading). */
const HTTP_WARMUPS = 2;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const PAGE = { accept: "text/html", "accept-encoding": "gzip", "user-agent": "Mozilla/5.0 (shiyue bench)" };

type Counts = Record<string, number>;
type LocalRow = { result: LoadResult; by: Counts; sections: number; cited: number };
export type DigestResult = {
  articles: number;
  corpus: {
    newest: string;
    now: string;
    day: string;
    today: string;
    appClockDays: number;
    /** Distinct created_at values (the seed's batches) and the articles in a first digest's window. */
    batches: number;
    firstWindow: number;
    /** Articles collected after the tenth readers' earlier digest. */
    tenthWindow: number;
    seedSeconds: number;
    readers: DigestSize;
    terms: TermCount[];
  };
  /**
   * First digests (the window: back to the 20th newest article), digests after one made a day before the newest
   * article (the window: the whole corpus) and after one made when a tenth of the corpus was still to come.
   */
  local: LocalRow;
  again: LocalRow;
  tenth: LocalRow;
  /** Fresh readers (`result`), then the same again with their digest made (`made`). */
  http: { result: LoadResult; made: LoadResult; statuses: Counts; by: Counts; sections: number; emptyWindow: boolean };
  worker: {
    readers: number;
    concurrency: number;
    seconds: number;
    perMinute: number;
    chatRequests: number;
    site: boolean;
    made: number;
    failed: number;
    outcomes: Counts;
    setAside: number;
    prompt: { requests: number; avgChars: number; avgSystem: number; avgUser: number; maxChars: number; avgCandidates: number };
  };
  daily: {
    path: string;
    render: { status: number; ms: number; cache: string | null };
    first: { status: number; ms: number; etag: string | null; cache: string | null };
    conditional: { status: number; ms: number };
    rows: (LoadResult & { kept: number; other: number })[];
  };
  plans: ExplainedCall[];
  restoredSiteDays: string[];
  errorsLogged: number;
};

/** Sets environment variables (the configuration read again); the returned function puts them back. */
function setEnv(values: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  Object.assign(process.env, values);
  resetConfig();
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfig();
  };
}
const NO_MODEL = { OPENAI_API_KEY: "", AI_CHAT_MODEL: "", AI_EMBEDDING_MODEL: "" };

const chars = (s: string) => [...s].length;
const round1 = (n: number) => Math.round(n * 10) / 10;
const tally = (xs: string[]) => xs.reduce<Counts>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {});

/** A good model answer to a digest prompt: 3 sections × 2 points citing the `[id] title` lines it was given. */
export function scriptedDigest(body: Record<string, unknown>): string {
  const messages = (body.messages as { role: string; content: string }[] | undefined) ?? [];
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  const items = [...user.matchAll(/^\[(\d+)\] (.+)$/gm)].map((m) => ({ id: Number(m[1]), title: m[2].replace(/（[^）]*）$/, "") }));
  const heads = ["本周看点", "值得细读", "换个角度"];
  const sections = heads.map((title, s) => ({
    title,
    points: [0, 1].flatMap((p) => {
      const item = items[(s * 2 + p) % Math.max(items.length, 1)];
      return item ? [{ text: `${[...item.title].slice(0, 40).join("")}：讲清了来龙去脉，值得一读。`, article_ids: [item.id] }] : [];
    }),
  }));
  return JSON.stringify({ sections });
}

async function timed(url: string, headers: Record<string, string>) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  return { res, text, ms: Math.round((performance.now() - t) * 100) / 100 };
}

/** `seconds` of GETs of a kept page at `connections` (bench/load.ts's settings), every answer's status and x-page-cache checked. */
async function keptLoad(base: string, path: string, opts: { connections: number; seconds: number; warmupSeconds: number }): Promise<LoadResult & { kept: number; other: number }> {
  const phase = (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    let kept = 0;
    let other = 0;
    const request = {
      setupRequest: (req: { path?: string }) => ({ ...req, path }),
      onResponse: (status: number, _body: string, _context: object, headers: Record<string, string>) => {
        if (status === 200 && (headers["x-page-cache"] ?? headers["X-Page-Cache"]) === "hit") kept++;
        else other++;
      },
    };
    return new Promise<{ result: Result; latencies: number[]; kept: number; other: number }>((resolve, reject) => {
      const instance = autocannon({ url: base, connections: opts.connections, duration: seconds, headers: PAGE, timeout: 30, requests: [request] }, (err, result) =>
        err ? reject(err) : resolve({ result, latencies, kept, other }),
      );
      instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => record && latencies.push(ms));
    });
  };
  if (opts.warmupSeconds > 0) await phase(opts.warmupSeconds, false);
  const { result, latencies, kept, other } = await phase(opts.seconds, true);
  return { ...loadResult(opts.connections, latencies, other + result.errors, result.duration), kept, other };
}

/**
 * The corpus's newest article and the row's clock (an hour after it); how its articles were collected: the distinct
 * created_at values, the articles in a first digest's window, and just before the article a tenth of the way down
 * the newest (`tenthAt`) with the articles after it.
 */
async function corpusClock(db: Db) {
  const { rows } = await db.execute<{ newest: Date; batches: number; visible: number }>(sql`
    select max(created_at) as newest, count(distinct created_at)::int as batches, count(*) filter (where hidden_at is null)::int as visible from articles`);
  const newest = new Date(rows[0].newest);
  const now = new Date(newest.getTime() + HOUR_MS);
  // Just before the created_at of the nth newest visible article (a Date keeps milliseconds, created_at microseconds).
  const before = async (n: number) => {
    const { rows: at } = await db.execute<{ at: Date }>(sql`
      select created_at - interval '1 millisecond' as at from articles where hidden_at is null order by created_at desc offset ${n - 1} limit 1`);
    const start = new Date(at[0].at);
    const { rows: inside } = await db.execute<{ n: number }>(sql`select count(*)::int as n from articles where hidden_at is null and created_at > ${start}`);
    return { start, window: inside[0].n };
  };
  const first = await before(MIN_CANDIDATES);
  const tenth = await before(Math.floor(rows[0].visible / 10));
  return { newest, now, day: chinaDay(now), batches: rows[0].batches, firstWindow: first.window, tenthAt: tenth.start, tenthWindow: tenth.window };
}

/** 1: each reader's digest made by the local engine in this process, one at a time (after `warm` untimed ones). */
async function localRow(db: Db, warm: number[], ids: number[], day: string, now: Date): Promise<DigestResult["local"]> {
  for (const id of warm) await makeReaderDigest(db, id, day, now);
  const latencies: number[] = [];
  const made: { by: string; sections: number; cited: number }[] = [];
  const started = performance.now();
  for (const id of ids) {
    const t = performance.now();
    const digest = await makeReaderDigest(db, id, day, now);
    latencies.push(performance.now() - t);
    if (digest) made.push({ by: digest.writtenBy, sections: digest.sections.length, cited: digest.articleIds.length });
  }
  const result = loadResult(1, latencies, ids.length - made.length, (performance.now() - started) / 1000);
  const avg = (f: (m: (typeof made)[number]) => number) => round1(made.reduce((s, m) => s + f(m), 0) / Math.max(made.length, 1));
  return { result, by: tally(made.map((m) => m.by)), sections: avg((m) => m.sections), cited: avg((m) => m.cited) };
}

/** 2: one digestRound with the loopback model scripted to answer well; what it asked of the model. */
async function workerRow(db: Db, fake: FakeOpenAI, ids: number[], day: string, now: Date, aside: number): Promise<DigestResult["worker"]> {
  fake.chat((body) => ({ chunks: [{ content: scriptedDigest(body) }] }));
  const concurrency = getConfig().DIGEST_CONCURRENCY;
  const first = fake.requests.length;
  console.log(`  the worker: one digestRound at concurrency ${concurrency} for ${ids.length} readers (${aside} other accounts set aside)…`);
  const started = performance.now();
  const round = await digestRound(db, { now, concurrency });
  const seconds = (performance.now() - started) / 1000;
  const chats = fake.requests.slice(first).filter((r) => r.path === "/v1/chat/completions");
  fake.requests.length = 0;
  const outcomes = await db
    .select({ by: digests.writtenBy, n: sql<number>`count(*)::int` })
    .from(digests)
    .where(and(inArray(digests.userId, ids), eq(digests.day, day)))
    .groupBy(digests.writtenBy);
  const sizes = chats.map((r) => {
    const messages = (r.body.messages as { role: string; content: string }[] | undefined) ?? [];
    const of = (role: string) => messages.filter((m) => m.role === role);
    return {
      system: of("system").reduce((s, m) => s + chars(m.content), 0),
      user: of("user").reduce((s, m) => s + chars(m.content), 0),
      candidates: of("user").reduce((s, m) => s + (m.content.match(/^\[\d+\]/gm)?.length ?? 0), 0),
    };
  });
  const mean = (f: (x: (typeof sizes)[number]) => number) => sizes.reduce((s, x) => s + f(x), 0) / Math.max(sizes.length, 1);
  return {
    readers: ids.length,
    concurrency,
    seconds: round1(seconds),
    perMinute: Math.round((round.readers / seconds) * 60),
    chatRequests: chats.length,
    site: round.site,
    made: round.readers,
    failed: round.failed,
    outcomes: Object.fromEntries(outcomes.map((o) => [o.by, Number(o.n)])),
    setAside: aside,
    prompt: {
      requests: sizes.length,
      avgChars: Math.round(mean((x) => x.system + x.user)),
      avgSystem: Math.round(mean((x) => x.system)),
      avgUser: Math.round(mean((x) => x.user)),
      maxChars: Math.max(0, ...sizes.map((x) => x.system + x.user)),
      avgCandidates: round1(mean((x) => x.candidates)),
    },
  };
}

/** 1 over HTTP: GET /api/v1/digest for each reader, one at a time (the first HTTP_WARMUPS not timed). */
async function httpRow(app: App, ids: number[], emptyWindow: boolean): Promise<DigestResult["http"]> {
  const tokens = await Promise.all(ids.map((id) => signToken(id)));
  const latencies: number[] = [];
  const statuses: string[] = [];
  const by: string[] = [];
  let sections = 0;
  const started = performance.now();
  for (const [i, token] of tokens.entries()) {
    const r = await timed(`${app.base}/api/v1/digest`, { authorization: `Bearer ${token}` });
    if (i < HTTP_WARMUPS) continue;
    latencies.push(r.ms);
    statuses.push(String(r.res.status));
    if (!r.res.ok) continue;
    const view = JSON.parse(r.text) as { written_by: string; sections: unknown[] };
    by.push(view.written_by);
    sections += view.sections.length;
  }
  const result = loadResult(1, latencies, statuses.filter((s) => s !== "200").length, (performance.now() - started) / 1000);
  // The same readers again: their digest is made, so this is what a request costs besides making one.
  const again: number[] = [];
  let bad = 0;
  const againStarted = performance.now();
  for (const token of tokens.slice(HTTP_WARMUPS)) {
    const r = await timed(`${app.base}/api/v1/digest`, { authorization: `Bearer ${token}` });
    again.push(r.ms);
    if (!r.res.ok) bad++;
  }
  const made = loadResult(1, again, bad, (performance.now() - againStarted) / 1000);
  return { result, made, statuses: tally(statuses), by: tally(by), sections: round1(sections / Math.max(by.length, 1)), emptyWindow };
}

/** 3: /daily/{day} rendered once, then a kept page with an ETag, its 304, and loaded at each connection count. */
async function dailyRow(app: App, day: string, load: DigestLoad): Promise<DigestResult["daily"]> {
  const path = `/daily/${day}`;
  const rendered = await timed(`${app.base}${path}`, PAGE);
  const first = await timed(`${app.base}${path}`, PAGE);
  const etag = first.res.headers.get("etag");
  const conditional = await timed(`${app.base}${path}`, { ...PAGE, "if-none-match": etag ?? '"none"' });
  const rows: DigestResult["daily"]["rows"] = [];
  for (const connections of load.connections) {
    const r = await keptLoad(app.base, path, { ...load, connections });
    rows.push(r);
    console.log(`  ${path} c=${connections}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms; ${r.kept} kept pages, ${r.other} other answers`);
  }
  return {
    path,
    render: { status: rendered.res.status, ms: rendered.ms, cache: rendered.res.headers.get("x-page-cache") },
    first: { status: first.res.status, ms: first.ms, etag, cache: first.res.headers.get("x-page-cache") },
    conditional: { status: conditional.res.status, ms: conditional.ms },
    rows,
  };
}

/**
 * The digest row on the prepared PostgreSQL corpus at `target` (`articles`: its nominal size): readers seeded, the
 * rows run, the readers removed and what the row changed put back; the app started on `port` (or `app`, a run's
 * shared one: a quick run's has the run's loopback model configured, so its GET /api/v1/digest asks that model).
 */
export async function digestCorpus(target: { databaseUrl: string }, articles: number, size: DigestSize, port: number, load: DigestLoad, { app: shared }: { app?: App } = {}): Promise<DigestResult> {
  const url = target.databaseUrl;
  const handle = await openDatabase({ databaseUrl: url });
  const { db } = handle;
  const { newest, now, day, batches, firstWindow, tenthAt, tenthWindow } = await corpusClock(db);
  const today = chinaDay(new Date());
  const appClockDays = round1((Date.now() - newest.getTime()) / DAY_MS);
  const before = await snapshot(url, [day, today]);
  console.log(`bench: digest on ${label(articles)}: newest article ${newest.toISOString()}, the row's clock ${now.toISOString()} (day ${day}); the app's today ${today}`);
  if (appClockDays > 7) console.warn(`bench: the corpus's newest article is ${appClockDays} days old: GET /api/v1/digest (the app's clock) finds no candidates`);
  const counts = { ...size, http: size.http + HTTP_WARMUPS, plan: 2 };
  const fake = await startFakeOpenAI();
  let app: App | undefined;
  let result: Omit<DigestResult, "restoredSiteDays">;
  let restoredSiteDays: string[] = [];
  try {
    // Started once first, so that a build (when the app's source changed) comes before any measurement, then stopped
    // while the in-process rows run; started again, without building, for the HTTP rows.
    if (!shared) await (await startApp(target, { port, env: NO_MODEL })).stop();
    const seedStarted = performance.now();
    const readers = await seedReaders(url, counts, day, { again: new Date(newest.getTime() - DAY_MS), tenth: tenthAt });
    const seedSeconds = round1((performance.now() - seedStarted) / 1000);
    const terms = await termCounts(url);
    console.log(`  readers seeded in ${seedSeconds} s: ${Object.entries(counts).map(([k, n]) => `${n.toLocaleString("en")} ${k}`).join(", ")}`);

    let local: DigestResult["local"];
    let again: DigestResult["again"];
    let tenth: DigestResult["tenth"];
    let plans: ExplainedCall[];
    const noModel = setEnv(NO_MODEL);
    try {
      local = await localRow(db, readers.warm, readers.local, day, now);
      console.log(`  local engine in process, ${local.result.requests} first digests: p50 ${local.result.p50} ms, p95 ${local.result.p95} ms, p99 ${local.result.p99} ms, max ${local.result.max} ms; ${JSON.stringify(local.by)}`);
      again = await localRow(db, [], readers.again, day, now);
      console.log(`  local engine in process, ${again.result.requests} digests after one a day before: p50 ${again.result.p50} ms, p95 ${again.result.p95} ms, p99 ${again.result.p99} ms, max ${again.result.max} ms; ${JSON.stringify(again.by)}`);
      tenth = await localRow(db, [], readers.tenth, day, now);
      console.log(`  local engine in process, ${tenth.result.requests} digests with a window of ${tenthWindow.toLocaleString("en")} articles: p50 ${tenth.result.p50} ms, p95 ${tenth.result.p95} ms, p99 ${tenth.result.p99} ms, max ${tenth.result.max} ms`);
      // The site's digest of the app's today first: /daily/{today}'s version reads it, and row 3 shows it.
      await makeSiteDigest(db, today);
      console.log("  EXPLAIN ANALYZE of the candidate statements…");
      plans = await explainDigest(db, { readers: readers.plan, now, newest, siteDay: today, tenth: { start: tenthAt, window: tenthWindow } });
    } finally {
      noModel();
    }
    for (const c of plans) for (const s of c.statements) console.log(`  plan: ${c.call}: ${s.ms} ms, indexes ${s.indexes.join(", ") || "none"}${s.seqScans.length ? `, seq scans ${s.seqScans.join(", ")}` : ""}`);

    const spent = before.counters.find((c) => c.day === day)?.value ?? 0;
    const withModel = setEnv({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: fake.url, AI_CHAT_MODEL: "fake-chat", AI_EMBEDDING_MODEL: "", DIGEST_DAILY_LIMIT: String(Math.min(1_000_000, spent + size.worker + 10)) });
    const aside = await setAsideOthers(url, daysBefore(day, ACTIVE_DAYS), now, new Date(now.getTime() + DAY_MS));
    let worker: DigestResult["worker"];
    try {
      worker = await workerRow(db, fake, readers.worker, day, now, aside.count);
    } finally {
      await aside.putBack();
      withModel();
    }
    console.log(
      `  worker: ${worker.made} digests in ${worker.seconds} s (${worker.perMinute}/min), ${worker.failed} failed, ${worker.chatRequests} chat requests, ${JSON.stringify(worker.outcomes)}${worker.site ? ", the site's made too" : ""}; prompts ${worker.prompt.avgChars} characters on average`,
    );

    app = shared ?? (await startApp(target, { port, env: NO_MODEL }));
    const http = await httpRow(app, readers.http, appClockDays > 7);
    console.log(`  GET /api/v1/digest, ${http.result.requests} fresh readers, c=1: p50 ${http.result.p50} ms, p95 ${http.result.p95} ms, max ${http.result.max} ms; ${JSON.stringify(http.statuses)} ${JSON.stringify(http.by)}`);
    console.log(`  GET /api/v1/digest again (made): p50 ${http.made.p50} ms, p95 ${http.made.p95} ms`);
    const daily = await dailyRow(app, today, load);
    console.log(`  ${daily.path}: render ${daily.render.status} in ${daily.render.ms} ms; GET ${daily.first.status} (${daily.first.cache ?? "no x-page-cache"}) ETag ${daily.first.etag}; If-None-Match ${daily.conditional.status}`);
    const errorsLogged = app.errorsLogged();
    if (errorsLogged) console.error(`bench: the app logged ${errorsLogged} error lines: see ${app.logFile}`);
    result = {
      articles,
      corpus: { newest: newest.toISOString(), now: now.toISOString(), day, today, appClockDays, batches, firstWindow, tenthWindow, seedSeconds, readers: size, terms },
      local,
      again,
      tenth,
      http,
      worker,
      daily,
      plans,
      errorsLogged,
    };
  } finally {
    if (app && !shared) await app.stop();
    await fake.close();
    await handle.close();
    const removed = await removeReaders(url);
    restoredSiteDays = await restore(url, before);
    console.log(`  removed ${removed.toLocaleString("en")} bench readers with their digests; the site's digests the row made deleted: ${restoredSiteDays.join(", ") || "none"}`);
  }
  return { ...result, restoredSiteDays };
}

// ── Report ────────────────────────────────────────────────────────────────────────────────────────────

const mark = (ok: boolean) => (ok ? "✓" : "✗");
const countsText = (c: Counts) => Object.entries(c).map(([k, n]) => `${n.toLocaleString("en")} × ${k}`).join(", ") || "none";
const minutesFor10k = (w: DigestResult["worker"]) => (w.perMinute > 0 ? 10_000 / w.perMinute : Infinity);

/** The targets: the local engine's p95 in process, the worker's 10,000 within 30 minutes, /daily a kept page. */
export function digestTargets(r: DigestResult): { target: string; measured: string; ok: boolean }[] {
  const w = r.worker;
  const allModel = (w.outcomes.model ?? 0) === w.readers && w.failed === 0;
  const expectedCalls = w.readers + (w.site ? 1 : 0);
  const d = r.daily;
  const keptEverywhere = d.rows.every((x) => x.other === 0 && x.errors === 0);
  return [
    {
      target: `the local engine's digest in process: p95 ≤ ${LOCAL_TARGET_MS} ms`,
      measured: `first digests ${r.local.result.p95} ms, after one a day before ${r.again.result.p95} ms, with a tenth of the corpus in the window ${r.tenth.result.p95} ms`,
      ok: [r.local, r.again, r.tenth].every((x) => x.result.p95 <= LOCAL_TARGET_MS && x.result.errors === 0),
    },
    {
      target: `one worker (concurrency ${w.concurrency}), 10,000 readers within ${WORKER_TARGET_MINUTES} minutes`,
      measured:
        w.readers >= 10_000
          ? `${(w.seconds / 60).toFixed(1)} min for ${w.readers.toLocaleString("en")}`
          : `${w.readers} readers in ${w.seconds} s: ${minutesFor10k(w).toFixed(1)} min for 10,000 at that rate`,
      ok: (w.readers >= 10_000 ? w.seconds / 60 : minutesFor10k(w)) <= WORKER_TARGET_MINUTES && allModel,
    },
    { target: "the worker: one chat request per reader (+1 for the site's digest), every digest written by the model", measured: `${w.chatRequests.toLocaleString("en")} requests; ${countsText(w.outcomes)}`, ok: w.chatRequests === expectedCalls && allModel },
    {
      target: `${d.path}: a kept page with an ETag, If-None-Match → 304, every answer under load kept`,
      measured: `${d.first.status} ${d.first.cache ?? "(not kept)"} ETag ${d.first.etag ? "yes" : "no"} → ${d.conditional.status}; ${d.rows.map((x) => `c=${x.connections}: ${x.kept.toLocaleString("en")} kept, ${x.other} other`).join("; ")}`,
      ok: d.first.status === 200 && d.first.cache === "hit" && !!d.first.etag && d.conditional.status === 304 && keptEverywhere,
    },
  ];
}

export function digestTable(r: DigestResult): string {
  const h = r.http.result;
  const w = r.worker;
  const d = r.daily;
  const lines = [
    "| measure | readers | p50 | p95 | p99 | max | written by | target |",
    "|---|--:|--:|--:|--:|--:|---|---|",
    ...([
      ["a reader's first digest", r.local],
      ["a digest after one a day before (the window: the whole corpus)", r.again],
      [`a digest after one made when a tenth of the corpus was still to come (the window: ${r.corpus.tenthWindow.toLocaleString("en")} articles)`, r.tenth],
    ] as const).map(
      ([name, x]) =>
        `| ${name}, makeReaderDigest in the bench's process (local engine) | ${x.result.requests} | ${x.result.p50} ms | ${x.result.p95} ms | ${x.result.p99} ms | ${x.result.max} ms | ${countsText(x.by)}; ${x.sections} sections, ${x.cited} articles cited on average | p95 ≤ ${LOCAL_TARGET_MS} ms ${mark(x.result.p95 <= LOCAL_TARGET_MS && x.result.errors === 0)} |`,
    ),
    `| GET /api/v1/digest through the app, fresh readers, c=1 (${countsText(r.http.statuses)}) | ${h.requests} | ${h.p50} ms | ${h.p95} ms | ${h.p99} ms | ${h.max} ms | ${countsText(r.http.by)}; ${r.http.sections} sections on average${r.http.emptyWindow ? "; **the window was empty (corpus older than 7 days)**" : ""} | |`,
    `| the same readers again (today's digest made: read and shown)${r.http.made.errors ? ` (${r.http.made.errors} errors)` : ""} | ${r.http.made.requests} | ${r.http.made.p50} ms | ${r.http.made.p95} ms | ${r.http.made.p99} ms | ${r.http.made.max} ms | | |`,
    "",
    "| the worker: one digestRound | readers | concurrency | total | digests/minute | chat requests | written by | failed | target |",
    "|---|--:|--:|--:|--:|--:|---|--:|---|",
    `| loopback model (test/openai-server.ts), in the bench's process${w.setAside ? `; ${w.setAside} other due accounts set aside` : ""} | ${w.readers.toLocaleString("en")} | ${w.concurrency} | ${w.seconds} s | ${w.perMinute.toLocaleString("en")} | ${w.chatRequests.toLocaleString("en")}${w.site ? " (the site's included)" : ""} | ${countsText(w.outcomes)} | ${w.failed} | 10,000 ≤ ${WORKER_TARGET_MINUTES} min: ${minutesFor10k(w).toFixed(1)} min ${mark(minutesFor10k(w) <= WORKER_TARGET_MINUTES)} |`,
    "",
    `Prompt size over the worker's ${w.prompt.requests.toLocaleString("en")} chat requests: system + user ${w.prompt.avgChars.toLocaleString("en")} characters on average (system ${w.prompt.avgSystem}, user ${w.prompt.avgUser.toLocaleString("en")}), at most ${w.prompt.maxChars.toLocaleString("en")}; ${w.prompt.avgCandidates} candidates listed on average.`,
    "",
    `| ${d.path} (visitor, text/html) | c | requests | req/s | p50 | p95 | p99 | max | answers |`,
    "|---|--:|--:|--:|--:|--:|--:|--:|---|",
    `| first GET (renders) | 1 | 1 | | ${d.render.ms} ms | | | | ${d.render.status}, x-page-cache ${d.render.cache ?? "—"} |`,
    `| GET again | 1 | 1 | | ${d.first.ms} ms | | | | ${d.first.status}, x-page-cache ${d.first.cache ?? "—"}, ETag ${d.first.etag ?? "none"} ${mark(d.first.status === 200 && d.first.cache === "hit" && !!d.first.etag)} |`,
    `| If-None-Match | 1 | 1 | | ${d.conditional.ms} ms | | | | ${d.conditional.status} ${mark(d.conditional.status === 304)} |`,
    ...d.rows.map(
      (x) => `| load | ${x.connections} | ${x.requests.toLocaleString("en")} | ${x.rps} | ${x.p50} ms | ${x.p95} ms | ${x.p99} ms | ${x.max} ms | ${x.kept.toLocaleString("en")} kept pages, ${x.other} other ${mark(x.other === 0 && x.errors === 0)} |`,
    ),
  ];
  return lines.join("\n");
}

export function digestMarkdown(header: string, r: DigestResult): string {
  const c = r.corpus;
  const tiers = (["common", "typical", "rare"] as const).map((t) => `${t}: ${c.terms.filter((x) => x.tier === t).map((x) => `${x.term} ${x.titles.toLocaleString("en")}`).join(", ")}`);
  const slow = slowStatements(r.plans, SLOW_STATEMENT_MS);
  return [
    header,
    "",
    `Corpus: ${label(r.articles)} articles, the newest collected ${c.newest}; the row's clock ${c.now} (an hour later), digest day ${c.day} (China time); the app's today ${c.today}. The synthetic articles' created_at is when they were seeded: the whole corpus was "collected" within minutes (${c.batches} distinct created_at values, one per COPY batch), inside any window of the last 7 days. A first digest's window reaches back to the 20th newest article and takes every article collected with it: ${c.firstWindow.toLocaleString("en")} articles (the last batch). A digest after one made a day before starts there: its window holds the whole corpus. Between the two, a digest after one made when a tenth of the corpus was still to come: ${c.tenthWindow.toLocaleString("en")} articles.`,
    "",
    `Readers: ${c.readers.local} first digests + ${c.readers.warm} warm-up, ${c.readers.again} after a digest made a day before the newest article and ${c.readers.tenth} after one made a tenth of the way down (local engine, in process), ${c.readers.http} over HTTP (+${HTTP_WARMUPS} warm-up), ${c.readers.worker.toLocaleString("en")} for the worker and 2 for the plans, seeded in ${c.seedSeconds} s (one INSERT … SELECT each for the accounts and their interests) and removed after the row with their digests${r.restoredSiteDays.length ? `; the site's digests it made (${r.restoredSiteDays.join(", ")}) deleted` : ""}. Interests: 4–5 a reader from these title words (titles holding each): ${tiers.join("; ")}.`,
    "",
    digestTable(r),
    "",
    ...digestTargets(r).map((t) => `- ${t.target}: ${t.measured} ${mark(t.ok)}`),
    "",
    `EXPLAIN (ANALYZE, BUFFERS), each call warmed once (every plan: bench/results/digest-plans.md). Statements over ${SLOW_STATEMENT_MS} ms: ${slow.length ? slow.map((s) => `${s.call}: \`${s.statement.sql.slice(0, 80)}…\` ${s.statement.ms} ms`).join("; ") : "none"}.`,
    "",
    plansSummary(r.plans),
  ].join("\n");
}

/** Writes bench/results/digest.md and digest-plans.md. */
export function writeDigestResults(header: string, r: DigestResult): string {
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  const markdown = digestMarkdown(header, r);
  writeFileSync(join(out, "digest.md"), `${markdown}\n`);
  writeFileSync(join(out, "digest-plans.md"), plansMarkdown(`# Digest plans\n\n${header}`, r.plans));
  return markdown;
}

/** `npm run bench -- --digest`: this row alone on a prepared PostgreSQL corpus (BENCH_ARTICLES, default 1M). */
export async function runDigestAlone(opts: { articles: number; size: DigestSize; port: number; load: DigestLoad; command: string }): Promise<void> {
  const { target } = await preparedPostgres(opts.articles);
  const started = new Date();
  const result = await digestCorpus(target, opts.articles, opts.size, opts.port, opts.load);
  const took = Math.round((Date.now() - started.getTime()) / 1000);
  const header = `${started.toISOString().slice(0, 16).replace("T", " ")} UTC, \`${opts.command}\`, ${cpus().length} cores, Node ${process.version}, PostgreSQL, ${label(opts.articles)} articles, /daily ${opts.load.seconds} s per row; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}; took ${took} s.`;
  const markdown = writeDigestResults(header, result);
  console.log(`\n${markdown}\n`);
  console.log("written to bench/results/digest.md and bench/results/digest-plans.md");
}
