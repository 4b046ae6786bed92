// The cold-start row: what the first readers of a freshly started process get. Alone: `npm run bench -- --cold-start`
// on a prepared PostgreSQL corpus (BENCH_ARTICLES, default 1,000,000); also part of `npm run bench` (bench/run.ts).
//
// Each start spawns the production server afresh (bench/app-server.ts) and waits for /api/ready, which answers 200
// only after the warm-up (lib/server/warm-up.ts; docs/server.md). From then until `seconds` (60) after the spawn, one
// client asks in turn, each request sent when the last is answered (not a flood):
//   1. the chat: the first four questions of the question set in turn; for each, the loopback provider's first byte
//      alone, then the first byte through POST /api/v1/chat as a visitor (retrieval by the site's own search — no
//      embedding model — then prompt and SSE). The figure is the difference, the time the app adds (the definition
//      of bench/chat-ttfb.ts);
//   2. the home page HTML of a signed-in reader (rendered for each request);
//   3. the same reader's feed page 1 (`GET /api/v1/articles/?exclude_read=true`, as bench/recommendations.ts asks it):
//      personalised when the reader has interests;
//   4. a visitor's permalink of a random article (ids drawn uniformly between the corpus' smallest and largest);
//   5. a visitor's search, page 1, for assorted words in turn (the bench's keywords and the synthetic topics' words,
//      shuffled once: a word comes back after ~130 searches, past the 10 s a visitor's search page is kept).
// Every answer is read to its end (the chat's to its first `data:`); a request still running at the end of the
// window is waited for and counted, and every kind gets at least one request however late the process is ready.
// Per kind: requests, errors, p50/p95/max, and the first request of each start on its own (the first reader's
// experience). Then, for comparison, the same requests go on for `laterSeconds` (30) more: the same process past its
// first minute, on the same machine at the same moment — what is left of a difference is the start's, not the
// machine's. BENCH_COLD_STARTS fresh starts (default 3), pooled, with each start's range.
//
// The row writes nothing itself: the signed-in readers are the corpus' readers with interests (the simulated readers
// of `npm run bench:recommend`, which the full run makes before this row), up to eight in turn, else the bench's
// reader (bench/prepare-db.ts), whose page 1 is then the hot order. What serving writes (the chat's visitor counters)
// is written. PostgreSQL is not restarted between starts, nor the OS's file cache dropped: a fresh process on a
// database that has been serving, as in a deploy.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { signToken } from "@/lib/auth/token";
import { prng, TOPICS } from "@/lib/db/seed/synthetic";
import { startFakeOpenAI } from "@/test/openai-server";
import { startApp, type App } from "./app-server";
import { CHAT_QUESTIONS, firstData } from "./chat-ttfb";
import { label, preparedPostgres } from "./databases";
import { loadResult, type LoadResult } from "./load";
import { NOWHERE_KEYWORDS, ONE_WORD_KEYWORDS, searchPath, TWO_WORD_KEYWORDS } from "./scenarios";

export const COLD_KINDS = ["chat", "home", "personal", "permalink", "search"] as const;
export type ColdKind = (typeof COLD_KINDS)[number];

/** The questions asked in turn: the first four of the question set. */
export const COLD_CHAT_QUESTIONS = CHAT_QUESTIONS.slice(0, 4);

export const COLD_KIND_NAMES: Record<ColdKind, string> = {
  chat: `chat: time the app adds to the provider's first byte (${COLD_CHAT_QUESTIONS.length} questions in turn)`,
  home: "home page HTML, signed in",
  personal: "personal feed page 1, signed in (API)",
  permalink: "permalink HTML of a random article, visitor",
  search: "search page 1, visitor, assorted words",
};

/** The issue's targets for a fresh process's first minute, on 1M articles. */
export const COLD_TARGETS: Partial<Record<ColdKind, { stat: "p50" | "p95"; ms: number }>> = {
  chat: { stat: "p95", ms: 50 },
  home: { stat: "p50", ms: 20 },
  personal: { stat: "p50", ms: 20 },
};

/** The words searched in turn: every keyword the bench knows and the synthetic topics' words, shuffled once. */
export const COLD_SEARCH_WORDS = (() => {
  const words = [...new Set([...ONE_WORD_KEYWORDS, ...TWO_WORD_KEYWORDS, ...Object.values(TOPICS).flat(), ...NOWHERE_KEYWORDS])];
  const random = prng(2026);
  for (let i = words.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [words[i], words[j]] = [words[j], words[i]];
  }
  return words;
})();

const REQUEST_TIMEOUT_MS = 30_000;

/** One answer: its time (ms) and when it was sent (seconds after the spawn). */
export type ColdSample = { ms: number; at: number };
/** The answers of a stretch of a process's life. */
export type ColdPhase = {
  /** Answered requests of each kind in order; for the chat, the time the app added. */
  samples: Record<ColdKind, ColdSample[]>;
  errors: Record<ColdKind, number>;
  /** Permalinks of ids that are not (or no longer) visible articles: a 404, neither timed nor an error. */
  missing: number;
  /** The chat's first bytes themselves, through the app and from the provider alone, in the same order. */
  chat: { app: number[]; provider: number[] };
  /** Seconds after the spawn when its first request was sent and its last answer read. */
  from: number;
  to: number;
};
export type ColdStartRun = {
  readyMs: number;
  /** The machine's load averages (1, 5, 15 min) at the spawn, at the end of the first window and at the end. */
  load: { atSpawn: number[]; atWindowEnd: number[]; atEnd: number[] };
  /** The app's `warm` log line (lib/server/warm-up.ts) and its chat retrieval's warm-up (`warm_retrieval`). */
  warm: { ms: number; steps: Record<string, number> } | null;
  warmRetrievalMs: number | null;
  /** From /api/ready until `seconds` after the spawn. */
  window: ColdPhase;
  /** The `laterSeconds` after it (null when there were none). */
  later: ColdPhase | null;
  errorsLogged: number;
};
export type ColdReaders = { names: string[]; personalised: boolean };
export type ColdStartResult = { articles: number; seconds: number; laterSeconds: number; readers: ColdReaders; runs: ColdStartRun[] };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Up to eight readers with interests (the simulated ones first), else the bench's reader; read only. */
async function signedInReaders(databaseUrl: string): Promise<{ ids: number[] } & ColdReaders> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; account_name: string }>(`
      select u.id, u.account_name from users u
       where u.personalized and exists(select 1 from user_interests i where i.user_id = u.id)
       order by u.account_name like 'bench\\_recommend\\_%' desc, u.id limit 8`);
    if (rows.length) return { ids: rows.map((r) => r.id), names: rows.map((r) => r.account_name), personalised: true };
    const { rows: bench } = await client.query<{ id: number }>("select id from users where account_name = 'bench_reader'");
    if (!bench.length) throw new Error(`${databaseUrl} has no bench_reader: prepare it with npm run bench -- --prepare`);
    return { ids: [bench[0].id], names: ["bench_reader"], personalised: false };
  } finally {
    await client.end();
  }
}

async function idRange(databaseUrl: string): Promise<{ min: number; max: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ min: number; max: number }>("select min(id)::int as min, max(id)::int as max from articles");
    return rows[0];
  } finally {
    await client.end();
  }
}

/** A GET read to its end. */
async function timedGet(url: string, headers?: Record<string, string>): Promise<{ ms: number; status: number }> {
  const sent = performance.now();
  const res = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  await res.arrayBuffer();
  return { ms: performance.now() - sent, status: res.status };
}

/** What the app's log says about its warm-up. */
function warmFacts(logFile: string): Pick<ColdStartRun, "warm" | "warmRetrievalMs"> {
  let warm: ColdStartRun["warm"] = null;
  let warmRetrievalMs: number | null = null;
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; ms?: number; steps?: Record<string, number> };
      if (entry.msg === "warm") warm = { ms: entry.ms ?? NaN, steps: entry.steps ?? {} };
      if (entry.msg === "warm_retrieval") warmRetrievalMs = entry.ms ?? null;
    } catch {
      // not one of the app's JSON lines
    }
  }
  return { warm, warmRetrievalMs };
}

type StartContext = {
  databaseUrl: string;
  port: number;
  providerUrl: string;
  providerEnv: Record<string, string>;
  tokens: string[];
  ids: { min: number; max: number };
  seconds: number;
  laterSeconds: number;
  /** Which start this is (0-based): the permalinks' random ids differ between starts. */
  index: number;
};

/** A fresh process (started again when scripts/start.ts was what started it), its first `seconds`, stopped. */
async function oneStart(cx: StartContext): Promise<ColdStartRun> {
  let app: App = await startApp({ databaseUrl: cx.databaseUrl }, { port: cx.port, env: cx.providerEnv });
  if (!app.direct) {
    // That start went through scripts/start.ts (a build when the app's source changed): not a fresh process's figures.
    console.log("bench: cold start: that start went through scripts/start.ts; starting the standalone server afresh for the figures…");
    await app.stop();
    app = await startApp({ databaseUrl: cx.databaseUrl }, { port: cx.port, env: cx.providerEnv });
  }
  const atSpawn = loadavg();
  const since = (t: number) => round2((t - app.spawnedAt) / 1000);
  const random = prng(cx.index + 1);
  const count = Object.fromEntries(COLD_KINDS.map((k) => [k, 0])) as Record<ColdKind, number>;

  const ask = async (kind: ColdKind, into: ColdPhase): Promise<void> => {
    const n = count[kind]++;
    const token = cx.tokens[n % cx.tokens.length];
    const sent = performance.now();
    if (kind === "chat") {
      const question = COLD_CHAT_QUESTIONS[n % COLD_CHAT_QUESTIONS.length];
      const provider = await firstData(`${cx.providerUrl}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer test-key" },
        body: JSON.stringify({ model: "fake-chat", stream: true, messages: [{ role: "user", content: question }] }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const appSent = performance.now();
      const through = await firstData(`${app.base}/api/v1/chat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: question, history: [] }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      into.chat.app.push(round2(through));
      into.chat.provider.push(round2(provider));
      into.samples.chat.push({ ms: round2(through - provider), at: since(appSent) });
      return;
    }
    let answer: { ms: number; status: number };
    if (kind === "home") answer = await timedGet(`${app.base}/`, { cookie: `shiyue_token=${token}` });
    else if (kind === "personal") answer = await timedGet(`${app.base}/api/v1/articles/?exclude_read=true`, { authorization: `Bearer ${token}` });
    else if (kind === "permalink") {
      const id = cx.ids.min + Math.floor(random() * (cx.ids.max - cx.ids.min + 1));
      answer = await timedGet(`${app.base}/articles/${id}`);
      if (answer.status === 404) {
        into.missing++;
        return;
      }
    } else answer = await timedGet(`${app.base}${searchPath(COLD_SEARCH_WORDS[n % COLD_SEARCH_WORDS.length])}`);
    if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
    into.samples[kind].push({ ms: round2(answer.ms), at: since(sent) });
  };

  /** The kinds in turn until `until` (at least one of each), each request sent when the last is answered. */
  const phase = async (until: number): Promise<ColdPhase> => {
    const into: ColdPhase = { samples: emptyBy(() => []), errors: emptyBy(() => 0), missing: 0, chat: { app: [], provider: [] }, from: since(performance.now()), to: 0 };
    for (let i = 0; i < COLD_KINDS.length || performance.now() < until; i++) {
      const kind = COLD_KINDS[i % COLD_KINDS.length];
      try {
        await ask(kind, into);
      } catch (err) {
        into.errors[kind]++;
        if (into.errors[kind] <= 3) console.error(`bench: cold start: ${kind} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    into.to = since(performance.now());
    return into;
  };

  let window: ColdPhase;
  let later: ColdPhase | null = null;
  let atWindowEnd: number[];
  try {
    window = await phase(app.spawnedAt + cx.seconds * 1000);
    atWindowEnd = loadavg();
    if (cx.laterSeconds > 0) later = await phase(performance.now() + cx.laterSeconds * 1000);
  } finally {
    await app.stop();
  }
  const errorsLogged = app.errorsLogged();
  if (errorsLogged) console.error(`bench: cold start: the app logged ${errorsLogged} error lines: see ${app.logFile}`);
  const round1 = (xs: number[]) => xs.map((x) => Math.round(x * 10) / 10);
  const load = { atSpawn: round1(atSpawn), atWindowEnd: round1(atWindowEnd), atEnd: round1(loadavg()) };
  return { readyMs: app.readyMs, load, ...warmFacts(app.logFile), window, later, errorsLogged };
}

const emptyBy = <T>(make: () => T) => Object.fromEntries(COLD_KINDS.map((k) => [k, make()])) as Record<ColdKind, T>;

/** `starts` fresh processes on a prepared PostgreSQL corpus, one after another, each for its first `seconds`. */
export async function coldStartCorpus(target: { databaseUrl: string }, articles: number, opts: { starts: number; seconds: number; laterSeconds: number; port: number }): Promise<ColdStartResult> {
  const readers = await signedInReaders(target.databaseUrl);
  const tokens = await Promise.all(readers.ids.map((id) => signToken(id)));
  const ids = await idRange(target.databaseUrl);
  const provider = await startFakeOpenAI();
  const providerEnv = { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_EMBEDDING_MODEL: "" };
  const runs: ColdStartRun[] = [];
  try {
    for (let index = 0; index < opts.starts; index++) {
      console.log(`bench: cold start ${index + 1} of ${opts.starts} on ${label(articles)}: a fresh process, its first ${opts.seconds} s…`);
      const run = await oneStart({ databaseUrl: target.databaseUrl, port: opts.port, providerUrl: provider.url, providerEnv, tokens, ids, seconds: opts.seconds, laterSeconds: opts.laterSeconds, index });
      runs.push(run);
      console.log(`bench: ${startLine(run)}`);
    }
  } finally {
    await provider.close();
  }
  return { articles, seconds: opts.seconds, laterSeconds: opts.laterSeconds, readers: { names: readers.names, personalised: readers.personalised }, runs };
}

// ── Report ────────────────────────────────────────────────────────────────────────────────────────────

const mark = (ok: boolean) => (ok ? "✓" : "✗");
const msText = (n: number) => (Number.isNaN(n) ? "—" : `${n.toFixed(n < 10 ? 2 : 1)} ms`);
const span = (xs: number[]) => (xs.length > 1 ? `${msText(Math.min(...xs))} – ${msText(Math.max(...xs))}` : msText(xs[0]));
const figures = (p: ColdPhase, kind: ColdKind): LoadResult => loadResult(1, p.samples[kind].map((s) => s.ms), p.errors[kind], Math.max(0.001, p.to - p.from));

/** The figures of a kind over every start's phase (the first window, or the later one). */
export function pooled(r: ColdStartResult, kind: ColdKind, which: "window" | "later" = "window"): LoadResult {
  const phases = r.runs.map((run) => run[which]).filter((p): p is ColdPhase => p !== null);
  const ms = phases.flatMap((p) => p.samples[kind].map((s) => s.ms));
  const errors = phases.reduce((n, p) => n + p.errors[kind], 0);
  return loadResult(1, ms, errors, phases.reduce((n, p) => n + Math.max(0.001, p.to - p.from), 0));
}

/** Each target: the pooled figure of the first window, and in how many starts it held on their own. */
export function coldStartTargets(r: ColdStartResult): { kind: ColdKind; target: string; measured: string; ok: boolean; starts: number }[] {
  return COLD_KINDS.flatMap((kind) => {
    const t = COLD_TARGETS[kind];
    if (!t) return [];
    const all = pooled(r, kind);
    const held = r.runs.filter((run) => figures(run.window, kind)[t.stat] <= t.ms && run.window.errors[kind] === 0).length;
    return [{ kind, target: `${t.stat} ≤ ${t.ms} ms`, measured: msText(all[t.stat]), ok: all[t.stat] <= t.ms && all.errors === 0, starts: held }];
  });
}

/** One start in a line: ready, the window, load. */
export function startLine(run: ColdStartRun): string {
  const w = run.window;
  const counts = COLD_KINDS.map((k) => `${k} ${w.samples[k].length}${w.errors[k] ? ` (+${w.errors[k]} errors)` : ""}`).join(", ");
  const later = run.later ? `; then until ${run.later.to.toFixed(1)} s for comparison` : "";
  return `ready ${(run.readyMs / 1000).toFixed(1)} s after the spawn, requests until ${w.to.toFixed(1)} s (${counts})${later}; load average ${run.load.atSpawn.join(" ")} at the spawn, ${run.load.atWindowEnd.join(" ")} at ${w.to.toFixed(0)} s${run.later ? `, ${run.load.atEnd.join(" ")} at the end` : ""}`;
}

export function coldStartTable(r: ColdStartResult): string {
  const targets = new Map(coldStartTargets(r).map((t) => [t.kind, t]));
  const n = r.runs.length;
  const hasLater = r.runs.some((run) => run.later);
  const laterHead = hasLater ? ` later (${r.seconds}–${r.seconds + r.laterSeconds} s): p50 / p95 |` : "";
  const lines = [
    `| request, in turn | requests | errors | first request, each start | p50 | p95 | max | p50, each start | p95, each start |${laterHead} target |`,
    `|---|--:|--:|---|--:|--:|--:|---|---|${hasLater ? "--:|" : ""}---|`,
  ];
  /** The first request of each start: its figure and when it was sent. */
  const firsts = (kind: ColdKind, value: (p: ColdPhase) => number | undefined) =>
    r.runs.map((run) => {
      const first = run.window.samples[kind][0];
      const v = value(run.window);
      return first && v !== undefined ? `${msText(v)} at ${first.at.toFixed(1)} s` : "—";
    }).join(" · ");
  const row = (name: string, kind: ColdKind, of: (p: ColdPhase) => number[], errors: number | null, target: string) => {
    const all = loadResult(1, r.runs.flatMap((run) => of(run.window)), errors ?? 0, 1);
    const each = r.runs.map((run) => loadResult(1, of(run.window), 0, 1));
    const after = loadResult(1, r.runs.flatMap((run) => (run.later ? of(run.later) : [])), 0, 1);
    const laterCell = hasLater ? ` ${msText(after.p50)} / ${msText(after.p95)} |` : "";
    lines.push(`| ${name} | ${all.requests} | ${errors ?? ""} | ${firsts(kind, (p) => of(p)[0])} | ${msText(all.p50)} | ${msText(all.p95)} | ${msText(all.max)} | ${span(each.map((e) => e.p50))} | ${span(each.map((e) => e.p95))} |${laterCell} ${target} |`);
  };
  for (const kind of COLD_KINDS) {
    const t = targets.get(kind);
    const errors = r.runs.reduce((s, run) => s + run.window.errors[kind], 0);
    const missing = r.runs.reduce((s, run) => s + run.window.missing, 0);
    const name = kind === "permalink" && missing ? `${COLD_KIND_NAMES[kind]} (${missing} ids not found, left out)` : COLD_KIND_NAMES[kind];
    row(name, kind, (p) => p.samples[kind].map((s) => s.ms), errors, t ? `${t.target} ${mark(t.ok)} (${t.starts} of ${n} starts)` : "");
    if (kind === "chat") {
      row("chat: first byte through the app", kind, (p) => p.chat.app, null, "");
      row("chat: the provider's first byte alone", kind, (p) => p.chat.provider, null, "");
    }
  }
  return lines.join("\n");
}

export function coldStartMarkdown(header: string, r: ColdStartResult): string {
  const warm = (run: ColdStartRun) =>
    run.warm ? `${run.warm.ms} ms (${Object.entries(run.warm.steps).map(([k, v]) => `${k} ${v}`).join(", ")})` : "no `warm` line";
  const readers = r.readers.personalised
    ? `${r.readers.names.length} reader${r.readers.names.length > 1 ? "s" : ""} with interests in turn (${r.readers.names.join(", ")}): page 1 personalised`
    : "bench_reader, who has no interests: page 1 is the hot order";
  return [
    header,
    "",
    `${r.runs.length} fresh start${r.runs.length > 1 ? "s" : ""} of the production server on ${label(r.articles)} articles (PostgreSQL), each measured from /api/ready until ${r.seconds} s after its spawn, one request at a time, the kinds in turn${r.laterSeconds ? `; then ${r.laterSeconds} s more of the same for comparison (the “later” column)` : ""}. Signed in as ${readers}. The chat's questions: ${COLD_CHAT_QUESTIONS.map((q) => `“${q}”`).join(", ")}; loopback provider, no embedding model.`,
    "",
    coldStartTable(r),
    "",
    ...r.runs.map((run, i) => `- start ${i + 1}: ${startLine(run)}; warm-up ${warm(run)}, chat retrieval warmed in ${run.warmRetrievalMs ?? "?"} ms${run.errorsLogged ? `; ${run.errorsLogged} error lines in the app's log` : ""}`),
  ].join("\n");
}

/** Writes bench/results/cold-start.md and cold-start.json. */
export function writeColdStartResults(header: string, r: ColdStartResult): string {
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  const markdown = coldStartMarkdown(header, r);
  const figuresOf = (which: "window" | "later") => Object.fromEntries(COLD_KINDS.map((k) => [k, pooled(r, k, which)]));
  const json = { date: new Date().toISOString(), header, machine: { cores: cpus().length, node: process.version }, ...r, pooled: { window: figuresOf("window"), later: figuresOf("later") }, targets: coldStartTargets(r) };
  writeFileSync(join(out, "cold-start.json"), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(out, "cold-start.md"), `${markdown}\n`);
  return markdown;
}

/** `npm run bench -- --cold-start`: this row alone on a prepared PostgreSQL corpus (BENCH_ARTICLES, default 1M). */
export async function runColdStartAlone(opts: { articles: number; starts: number; seconds: number; laterSeconds: number; port: number; command: string }): Promise<void> {
  const { target, corpus } = await preparedPostgres(opts.articles);
  const started = new Date();
  const result = await coldStartCorpus(target, opts.articles, opts);
  const took = Math.round((Date.now() - started.getTime()) / 1000);
  const header = `${started.toISOString().slice(0, 16).replace("T", " ")} UTC, ${opts.command}, ${cpus().length} cores, Node ${process.version}, PostgreSQL, ${corpus.articles.toLocaleString("en")} articles; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}; took ${took} s.`;
  const markdown = writeColdStartResults(header, result);
  console.log(`\n${markdown}\n`);
  console.log("written to bench/results/cold-start.md and bench/results/cold-start.json");
}
