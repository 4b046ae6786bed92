// Issue 43's benchmark row: comments on a prepared PostgreSQL corpus (`npm run bench -- --comments`: the 1M corpus
// with 5,000,000 comments, one article holding 100,000; `npm run bench` on its 1M corpus; a small one in --quick).
// The corpus is seeded once by bench/comments-seed.ts. Then, against the production build (bench/app-server.ts,
// which lifts the abuse budget with ABUSE_LIMIT_SCALE as every row does: all requests come from 127.0.0.1):
//
// - reads, each for `seconds` at each connection count (bench/load.ts): the heavy thread's page 1 in both sorts
//   (a visitor; 最热 also signed in), page 100 in both, the busiest root's replies, and the heavy reader's 消息
//   page 1 (its total and unread count included);
// - posts: POST /api/v1/articles/{heavy}/comments for `seconds` at each connection count, each request by the next
//   of the phone-proven readers (distinct accounts, distinct texts), 30% replies to a visible comment of the
//   thread; every answer must be a 201 with status visible. The posted comments are deleted afterwards and the
//   counters put back (bench/comments-seed.ts deletePosted), so the corpus stays as seeded;
// - the heavy article's permalink: rendered once (after the route's code loaded on another article), then a
//   visitor's GET (200, an ETag, from the kept pages) and the same with If-None-Match (304), then 304s one at a
//   time;
// - EXPLAIN (ANALYZE, BUFFERS) of every statement of those calls (bench/comments-plans.ts), and three of them timed
//   in this process (no HTTP, route wrapper or token), before the app starts.
//
// Targets (issue 43): thread page 1 either sort and 消息 p95 ≤ 20 ms, a post p95 ≤ 30 ms, judged one request at a
// time; the permalink a kept page with an ETag and a 304.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { signToken } from "@/lib/auth/token";
import { startApp, type App } from "./app-server";
import { explainComments, plansMarkdown, plansSummary, type ExplainedCall, type InProcess } from "./comments-plans";
import { deletePosted, seedComments, type CommentsCorpus, type CommentsSize } from "./comments-seed";
import { label, preparedPostgres } from "./databases";
import { loadResult, runLoad, type LoadResult } from "./load";
import { inspectBenchDb } from "./prepare-db";

export type CommentsLoad = { connections: number[]; seconds: number; warmupSeconds: number };
type Read = { key: string; name: string; target?: number; rows: LoadResult[] };
type Statuses = Record<string, number>;
export type CommentsResult = {
  articles: number;
  corpus: CommentsCorpus;
  reads: Read[];
  posts: (LoadResult & { statuses: Statuses; held: number; replies: number })[];
  permalink: {
    path: string;
    render: { status: number; ms: number; cache: string | null };
    first: { status: number; ms: number; etag: string | null; cache: string | null };
    conditional: { status: number; ms: number };
    revalidations: LoadResult & { statuses: Statuses };
  };
  plans: ExplainedCall[];
  inProcess: InProcess;
  errorsLogged: number;
};

const PAGE = { accept: "text/html", "accept-encoding": "gzip", "user-agent": "Mozilla/5.0 (shiyue bench)" };
const PHRASES = ["说得有道理", "我有不同看法", "补充一个例子", "感谢分享", "这里的数据能再核实一下吗", "想起了以前的一次经历"];
export const READ_TARGET_MS = 20;
export const POST_TARGET_MS = 30;

/** Visible comments of the heavy thread to reply to, and its busiest root. */
async function threadFacts(databaseUrl: string, heavyId: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: targets } = await client.query<{ id: number }>(
      "select id from comments where article_id = $1 and status = 'visible' and id % 7 = 0 order by id desc limit 2000",
      [heavyId],
    );
    const { rows: top } = await client.query<{ id: number; n: number }>(
      "select id, reply_count n from comments where article_id = $1 and root_id is null and status = 'visible' order by reply_count desc, id limit 1",
      [heavyId],
    );
    return { replyTo: targets.map((r) => r.id), busiestRoot: top[0].id, busiestReplies: top[0].n };
  } finally {
    await client.end();
  }
}

/**
 * Posts for `seconds` (after `warmupSeconds`) with `connections` at once; request i is by reader tokens[i mod n].
 * Every answer kept, as runLoad does; `posted` receives the new comments' ids.
 */
async function postLoad(
  base: string,
  heavyId: number,
  tokens: string[],
  replyTo: number[],
  opts: { connections: number; seconds: number; warmupSeconds: number },
  counter: { next: number; tag: string },
  posted: number[],
) {
  const phase = async (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    const statuses: Statuses = {};
    let held = 0;
    let replies = 0;
    const until = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        const i = counter.next++;
        const reply = i % 10 < 3;
        const body = { content: `压测 ${counter.tag}-${i}：${PHRASES[i % PHRASES.length]}。`, reply_to: reply ? replyTo[i % replyTo.length] : undefined };
        const t = performance.now();
        const res = await fetch(`${base}/api/v1/articles/${heavyId}/comments`, {
          method: "POST",
          headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const json = (await res.json().catch(() => null)) as { data?: { id: number; status: string } } | null;
        const ms = performance.now() - t;
        if (json?.data?.id) posted.push(json.data.id);
        if (!record) continue;
        latencies.push(ms);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (json?.data && json.data.status !== "visible") held++;
        if (reply) replies++;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: opts.connections }, worker));
    const result = loadResult(opts.connections, latencies, latencies.length - (statuses[201] ?? 0) + held, (performance.now() - started) / 1000);
    return { ...result, statuses, held, replies };
  };
  if (opts.warmupSeconds > 0) await phase(opts.warmupSeconds, false);
  return phase(opts.seconds, true);
}

async function timed(url: string, headers: Record<string, string>) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return { res, ms: Math.round((performance.now() - t) * 100) / 100 };
}

/** The permalink checks: a render, a kept 200 with its ETag, then If-None-Match → 304 (`n` of them timed). */
async function permalinkChecks(app: App, path: string, n: number): Promise<Omit<CommentsResult["permalink"], "render"> & { path: string }> {
  const first = await timed(`${app.base}${path}`, PAGE);
  const etag = first.res.headers.get("etag");
  const conditional = await timed(`${app.base}${path}`, { ...PAGE, "if-none-match": etag ?? '"none"' });
  const latencies: number[] = [];
  const statuses: Statuses = {};
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await timed(`${app.base}${path}`, { ...PAGE, "if-none-match": etag ?? '"none"' });
    latencies.push(r.ms);
    statuses[r.res.status] = (statuses[r.res.status] ?? 0) + 1;
  }
  const revalidations = { ...loadResult(1, latencies, n - (statuses[304] ?? 0), (performance.now() - started) / 1000), statuses };
  return {
    path,
    first: { status: first.res.status, ms: first.ms, etag, cache: first.res.headers.get("x-page-cache") },
    conditional: { status: conditional.res.status, ms: conditional.ms },
    revalidations,
  };
}

/**
 * The comments row on the prepared PostgreSQL corpus at `target` (`articles`: its nominal size), seeded to `size`
 * first when it is not; the app started on `port` (or `app`, a run's shared one).
 */
export async function commentsCorpus(
  target: { databaseUrl: string },
  articles: number,
  size: CommentsSize,
  port: number,
  load: CommentsLoad,
  { app: shared }: { app?: App } = {},
): Promise<CommentsResult> {
  const corpus = await seedComments(target.databaseUrl, size);
  console.log(`bench: comments on ${label(articles)}: ${corpus.comments.toLocaleString("en")} comments, ${corpus.heavyComments.toLocaleString("en")} on article ${corpus.heavyId}; EXPLAIN ANALYZE of each call…`);
  const { calls: plans, inProcess } = await explainComments(target.databaseUrl, corpus, { repeat: load.seconds >= 5 ? 100 : 10 });
  for (const x of inProcess) console.log(`  in process: ${x.name}: p50 ${x.result.p50} ms, p95 ${x.result.p95} ms, p99 ${x.result.p99} ms`);
  for (const c of plans) for (const s of c.statements) console.log(`  plan: ${c.call}: ${s.ms} ms, indexes ${s.indexes.join(", ") || "none"}${s.seqScans.length ? `, seq scans ${s.seqScans.join(", ")}` : ""}`);
  const facts = await threadFacts(target.databaseUrl, corpus.heavyId);
  const reader = await signToken(corpus.userIds[0]);
  // Every reader but the heavy one posts, in turn.
  const tokens = await Promise.all(corpus.userIds.slice(1).map((id) => signToken(id)));
  const app = shared ?? (await startApp(target, { port, env: { OPENAI_API_KEY: "", AI_EMBEDDING_MODEL: "" } }));
  const posted: number[] = [];
  try {
    const corpusInfo = await inspectBenchDb(target.databaseUrl);
    // The route's code loaded on another article, then the heavy article's page rendered once.
    if (corpusInfo) await timed(`${app.base}/articles/${corpusInfo.articleId}`, PAGE);
    const path = `/articles/${corpus.heavyId}`;
    const rendered = await timed(`${app.base}${path}`, PAGE);
    const render = { status: rendered.res.status, ms: rendered.ms, cache: rendered.res.headers.get("x-page-cache") };

    const thread = `/api/v1/articles/${corpus.heavyId}/comments`;
    const auth = { authorization: `Bearer ${reader}` };
    const scenarios: { key: string; name: string; path: string; headers?: Record<string, string>; target?: number }[] = [
      { key: "hot", name: "thread page 1, 最热 (visitor)", path: `${thread}?sort=hot`, target: READ_TARGET_MS },
      { key: "new", name: "thread page 1, 最新 (visitor)", path: `${thread}?sort=new`, target: READ_TARGET_MS },
      { key: "hot-signed-in", name: "thread page 1, 最热, signed in", path: `${thread}?sort=hot`, headers: auth },
      { key: "hot-100", name: "thread page 100, 最热 (visitor)", path: `${thread}?sort=hot&page=100` },
      { key: "new-100", name: "thread page 100, 最新 (visitor)", path: `${thread}?sort=new&page=100` },
      { key: "replies", name: `replies of the busiest root (${facts.busiestReplies.toLocaleString("en")}), page 1`, path: `/api/v1/comments/${facts.busiestRoot}/replies` },
      { key: "notifications", name: `消息 page 1, the heavy reader (${corpus.readerNotifications.toLocaleString("en")})`, path: "/api/v1/notifications", headers: auth, target: READ_TARGET_MS },
    ];
    const reads: Read[] = [];
    for (const s of scenarios) {
      const rows: LoadResult[] = [];
      for (const connections of load.connections) {
        const r = await runLoad(app.base, { name: s.name, path: () => s.path, headers: s.headers }, { connections, seconds: load.seconds, warmupSeconds: load.warmupSeconds });
        rows.push(r);
        console.log(`  ${s.name} c=${connections}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ""}`);
      }
      reads.push({ key: s.key, name: s.name, target: s.target, rows });
    }

    const counter = { next: 0, tag: Date.now().toString(36) };
    const posts: CommentsResult["posts"] = [];
    try {
      for (const connections of load.connections) {
        const r = await postLoad(app.base, corpus.heavyId, tokens, facts.replyTo, { connections, seconds: load.seconds, warmupSeconds: load.warmupSeconds }, counter, posted);
        posts.push(r);
        console.log(`  post a comment c=${connections}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms; ${Object.entries(r.statuses).map(([k, v]) => `${v} × ${k}`).join(", ")}${r.held ? `, ${r.held} held` : ""}`);
      }
    } finally {
      await deletePosted(target.databaseUrl, posted);
    }

    const checks = await permalinkChecks(app, path, load.seconds >= 5 ? 200 : 20);
    const permalink = { ...checks, render };
    console.log(
      `  permalink ${path}: render ${render.status} in ${render.ms} ms; GET ${checks.first.status} (${checks.first.cache ?? "no x-page-cache"}) ETag ${checks.first.etag}; If-None-Match ${checks.conditional.status}; ${checks.revalidations.requests} revalidations p50 ${checks.revalidations.p50} ms, p95 ${checks.revalidations.p95} ms`,
    );
    const errorsLogged = app.errorsLogged();
    if (errorsLogged) console.error(`bench: the app logged ${errorsLogged} error lines: see ${app.logFile}`);
    return { articles, corpus, reads, posts, permalink, plans, inProcess, errorsLogged };
  } finally {
    if (!shared) await app.stop();
  }
}

// ── Report ────────────────────────────────────────────────────────────────────────────────────────────

const mark = (ok: boolean) => (ok ? "✓" : "✗");
const statusText = (s: Statuses) => Object.entries(s).map(([code, n]) => `${n.toLocaleString("en")} × ${code}`).join(", ");

/** The targets, judged one request at a time (the lowest connection count). */
export function commentsTargets(r: CommentsResult): { target: string; measured: string; ok: boolean }[] {
  const c1 = (rows: LoadResult[]) => rows.reduce((a, b) => (b.connections < a.connections ? b : a));
  const out = r.reads
    .filter((x) => x.target !== undefined)
    .map((x) => {
      const row = c1(x.rows);
      return { target: `${x.name}, c=${row.connections}: p95 ≤ ${x.target} ms`, measured: `${row.p95} ms`, ok: row.p95 <= x.target! && row.errors === 0 };
    });
  const post = c1(r.posts);
  out.push({ target: `post a comment, c=${post.connections}: p95 ≤ ${POST_TARGET_MS} ms`, measured: `${post.p95} ms`, ok: post.p95 <= POST_TARGET_MS && post.errors === 0 });
  const p = r.permalink;
  out.push({
    target: "the heavy article's permalink: a kept page with an ETag, If-None-Match → 304",
    measured: `${p.first.status} ${p.first.cache ?? "(not kept)"} ETag ${p.first.etag ? "yes" : "no"} → ${p.conditional.status}`,
    ok: p.first.status === 200 && p.first.cache === "hit" && !!p.first.etag && p.conditional.status === 304 && p.revalidations.errors === 0,
  });
  return out;
}

export function commentsTable(r: CommentsResult): string {
  const lines = ["| measure | c | requests | req/s | p50 | p95 | p99 | max | target |", "|---|--:|--:|--:|--:|--:|--:|--:|---|"];
  const row = (name: string, x: LoadResult, target: string) =>
    `| ${name}${x.errors ? ` (${x.errors} errors)` : ""} | ${x.connections} | ${x.requests.toLocaleString("en")} | ${x.rps} | ${x.p50} ms | ${x.p95} ms | ${x.p99} ms | ${x.max} ms | ${target} |`;
  const lowest = Math.min(...r.reads[0].rows.map((x) => x.connections));
  for (const read of r.reads) {
    for (const x of read.rows) lines.push(row(read.name, x, read.target !== undefined && x.connections === lowest ? `p95 ≤ ${read.target} ms ${mark(x.p95 <= read.target && x.errors === 0)}` : ""));
  }
  for (const x of r.posts) {
    const target = x.connections === lowest ? `p95 ≤ ${POST_TARGET_MS} ms ${mark(x.p95 <= POST_TARGET_MS && x.errors === 0)}` : "";
    lines.push(row(`post a comment (${x.replies} replies; ${statusText(x.statuses)}${x.held ? `, ${x.held} held` : ""})`, x, target));
  }
  const p = r.permalink;
  lines.push(`| permalink ${p.path}: first render (${p.render.status}) | 1 | 1 | | ${p.render.ms} ms | | | | |`);
  lines.push(`| permalink: a visitor's GET (${p.first.status}, x-page-cache ${p.first.cache ?? "—"}, ETag ${p.first.etag ?? "none"}) | 1 | 1 | | ${p.first.ms} ms | | | | kept, ETag ${mark(p.first.status === 200 && p.first.cache === "hit" && !!p.first.etag)} |`);
  lines.push(`| permalink: If-None-Match | 1 | 1 | | ${p.conditional.ms} ms | | | | 304 ${mark(p.conditional.status === 304)} |`);
  lines.push(row(`permalink: If-None-Match again (${statusText(p.revalidations.statuses)})`, p.revalidations, ""));
  return lines.join("\n");
}

export function commentsMarkdown(header: string, r: CommentsResult): string {
  const c = r.corpus;
  const seeded =
    c.seedSeconds === null
      ? "already seeded"
      : `seeded in this run in ${c.seedSeconds.toFixed(0)} s (counters fixed by the final UPDATEs: ${c.fixed?.articles} articles, ${c.fixed?.replyCounts} reply counts, ${c.fixed?.likeCounts} like counts)`;
  return [
    header,
    "",
    `Corpus: ${label(r.articles)} articles, ${c.comments.toLocaleString("en")} comments by ${c.userIds.length.toLocaleString("en")} phone-proven readers, ${c.heavyComments.toLocaleString("en")} on article ${c.heavyId}; the heavy reader has ${c.readerNotifications.toLocaleString("en")} notifications; ${seeded}.`,
    "",
    commentsTable(r),
    "",
    ...commentsTargets(r).map((t) => `- ${t.target}: ${t.measured} ${mark(t.ok)}`),
    "",
    `The same calls in the bench's process, one at a time, without HTTP, the route wrapper or the token (${r.inProcess[0]?.result.requests ?? 0} each):`,
    "",
    ...r.inProcess.map((x) => `- ${x.name}: p50 ${x.result.p50} ms, p95 ${x.result.p95} ms, p99 ${x.result.p99} ms`),
    "",
    "EXPLAIN (ANALYZE, BUFFERS), each call warmed once (every plan: bench/results/comments-plans.md):",
    "",
    plansSummary(r.plans),
  ].join("\n");
}

/** Writes bench/results/comments.md and comments-plans.md. */
export function writeCommentsResults(header: string, r: CommentsResult): string {
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  const markdown = commentsMarkdown(header, r);
  writeFileSync(join(out, "comments.md"), `${markdown}\n`);
  writeFileSync(join(out, "comments-plans.md"), plansMarkdown(`# Comment plans\n\n${header}`, r.plans));
  return markdown;
}

/** `npm run bench -- --comments`: this row alone on a prepared PostgreSQL corpus (BENCH_ARTICLES, default 1M). */
export async function runCommentsAlone(opts: { articles: number; size: CommentsSize; port: number; load: CommentsLoad; command: string }): Promise<void> {
  const { target } = await preparedPostgres(opts.articles);
  const started = new Date();
  const result = await commentsCorpus(target, opts.articles, opts.size, opts.port, opts.load);
  const took = Math.round((Date.now() - started.getTime()) / 1000);
  const header = `${started.toISOString().slice(0, 16).replace("T", " ")} UTC, ${opts.command}, ${cpus().length} cores, Node ${process.version}, PostgreSQL, ${label(opts.articles)} articles, ${opts.load.seconds} s per row; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}; took ${took} s.`;
  const markdown = writeCommentsResults(header, result);
  console.log(`\n${markdown}\n`);
  console.log("written to bench/results/comments.md and bench/results/comments-plans.md");
}
