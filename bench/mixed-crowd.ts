// The mixed-crowd row (issue 46): what a crowd from one address, asking for anything, does to a reader at another.
// `clients` clients (16) in a process of their own (bench/crowd-client.ts), all one address, each sending its
// next request as soon as it has the last: a visitor's searches, pages 1, 2 and 3 (page 2 and later need an account:
// 401), and permalinks of random articles across the corpus (most not kept: each rendered). Meanwhile a reader at
// another address opens the home page (a visitor's document) every PACE_MS — a person, not a second crowd — and its p95
// while the crowd runs, against the same reader alone, is the figure (target: at most 2×). Idle and crowd phases
// alternate, `cycles` of each, and each side pools its phases (as the flood row does, bench/flood.ts). The app runs
// with its per-client budgets on (ABUSE_LIMIT_SCALE 1) behind one trusted proxy hop, as in production (compose's
// nginx): each side names its address in X-Forwarded-For. The crowd's answers are counted by status (429: turned
// away at the door, docs/server.md). Alone: `npm run bench -- --mixed-crowd`.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { startApp } from "./app-server";
import type { CrowdPhase } from "./crowd-client";
import { label, preparedPostgres } from "./databases";
import { askRepeatedly, emptySamples, loadResult, type LoadResult, type Samples } from "./load";
import { renderTable, type Table } from "./report";
import { FLOOD_KEYWORDS, ONE_WORD_KEYWORDS, searchPath } from "./scenarios";

export type MixedCrowdOptions = { clients: number; seconds: number; cycles: number; runs: number };
export type MixedCrowdResult = {
  clients: number;
  cycles: number;
  seconds: number;
  idle: Record<ReaderPage, LoadResult>;
  crowd: Record<ReaderPage, LoadResult>;
  /** The crowd's own answers: times, and how many of each status. */
  crowdAnswers: LoadResult;
  statuses: Record<string, number>;
  load: { before: number; after: number };
  /** Every answer's time, for the figures over all runs (not written to the JSON). */
  samples: { idle: Record<ReaderPage, Samples>; crowd: Record<ReaderPage, Samples> };
};
/** The runs of the row on one app, and the reader's figures over all of them (the target is judged on these). */
export type MixedCrowdRuns = { articles: number; runs: MixedCrowdResult[]; pooled: { idle: Record<ReaderPage, LoadResult>; crowd: Record<ReaderPage, LoadResult> } };

const root = resolve(import.meta.dirname, "..");
/** The reader's pace: one request every PACE_MS per page. */
const PACE_MS = 100;
const RAMP_SECONDS = 1;
const READER_PAGES = ["home", "permalink"] as const;
type ReaderPage = (typeof READER_PAGES)[number];
/** The two clients' addresses (documentation ranges), as the proxy in front would name them. */
const CROWD_ADDRESS = "198.51.100.7";
const READER_ADDRESS = "203.0.113.9";
/** What the reader sends: a document, from its own address as the proxy names it. */
const READER_HEADERS = { accept: "text/html", "x-forwarded-for": READER_ADDRESS };

/** The crowd's requests, in turn: a search's pages 1–3 and random permalinks, alternating. */
export function crowdPaths(articles: number, count = 3000, random = Math.random): string[] {
  const words = [...FLOOD_KEYWORDS, ...ONE_WORD_KEYWORDS];
  return Array.from({ length: count }, (_, i) => {
    if (i % 2 === 1) return `/articles/${1 + Math.floor(random() * articles)}`;
    const n = i / 2;
    return `${searchPath(words[Math.floor(n / 3) % words.length])}&page=${(n % 3) + 1}`;
  });
}

export async function mixedCrowdRow(base: string, corpus: { articles: number; articleId: number }, opts: MixedCrowdOptions): Promise<MixedCrowdResult> {
  const pages: Record<ReaderPage, string> = { home: "/", permalink: `/articles/${corpus.articleId}` };
  const child = spawn(process.execPath, ["--import", "tsx", resolve(root, "bench/crowd-client.ts"), base, String(opts.clients), CROWD_ADDRESS, JSON.stringify(crowdPaths(corpus.articles))], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error("the crowd client exited early");
    return value as string;
  };
  const read = (seconds: number, into: Record<ReaderPage, Samples>) => Promise.all(READER_PAGES.map((p) => askRepeatedly(base, { name: p, path: () => pages[p], headers: READER_HEADERS }, seconds, into[p], PACE_MS)));
  try {
    if ((await next()) !== "ready") throw new Error("the crowd client did not start");
    await read(1, { home: emptySamples(), permalink: emptySamples() }); // the reader's pages once, not counted
    const before = loadavg()[0];
    const idle = { home: emptySamples(), permalink: emptySamples() };
    const crowd = { home: emptySamples(), permalink: emptySamples() };
    const answers = emptySamples();
    const statuses: Record<string, number> = {};
    // The reader alone as long as it is timed beside the crowd: as many answers on each side.
    const timed = Math.max(1, opts.seconds - 2 * RAMP_SECONDS);
    for (let c = 0; c < opts.cycles; c++) {
      await read(timed, idle);
      child.stdin!.write(`${opts.seconds}\n`);
      const answer = next();
      answer.catch(() => {});
      await new Promise((r) => setTimeout(r, RAMP_SECONDS * 1000));
      await read(timed, crowd);
      const phase = JSON.parse(await answer) as CrowdPhase;
      answers.latencies.push(...phase.latencies);
      answers.seconds += phase.seconds;
      for (const [s, n] of Object.entries(phase.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    }
    const after = loadavg()[0];
    child.stdin!.end();
    return {
      clients: opts.clients,
      cycles: opts.cycles,
      seconds: opts.seconds * opts.cycles,
      idle: results(idle),
      crowd: results(crowd),
      crowdAnswers: loadResult(opts.clients, answers.latencies, 0, answers.seconds),
      statuses,
      load: { before: Math.round(before * 10) / 10, after: Math.round(after * 10) / 10 },
      samples: { idle, crowd },
    };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

const results = (s: Record<ReaderPage, Samples>) => Object.fromEntries(READER_PAGES.map((p) => [p, loadResult(1, s[p].latencies, s[p].errors, s[p].seconds)])) as Record<ReaderPage, LoadResult>;

/** The samples of every run together. */
const pool = (runs: MixedCrowdResult[], side: "idle" | "crowd"): Record<ReaderPage, Samples> =>
  Object.fromEntries(
    READER_PAGES.map((p) => [p, { latencies: runs.flatMap((r) => r.samples[side][p].latencies), errors: runs.reduce((n, r) => n + r.samples[side][p].errors, 0), seconds: runs.reduce((n, r) => n + r.samples[side][p].seconds, 0) }]),
  ) as Record<ReaderPage, Samples>;

/** `opts.runs` rows on one app started for them on the prepared corpus at `target`, budgets on (ABUSE_LIMIT_SCALE 1). */
export async function mixedCrowdCorpus(target: { databaseUrl: string }, corpus: { articles: number; articleId: number }, opts: MixedCrowdOptions & { port: number }): Promise<MixedCrowdRuns> {
  const app = await startApp(target, { port: opts.port, env: { AI_EMBEDDING_MODEL: "", ABUSE_LIMIT_SCALE: "1", TRUSTED_PROXIES: "1" } });
  const runs: MixedCrowdResult[] = [];
  try {
    for (let i = 0; i < opts.runs; i++) {
      const r = await mixedCrowdRow(app.base, corpus, opts);
      runs.push(r);
      console.log(`bench: run ${i + 1}: ${mixedCrowdLine(r)}`);
    }
  } finally {
    await app.stop();
  }
  return { articles: corpus.articles, runs, pooled: { idle: results(pool(runs, "idle")), crowd: results(pool(runs, "crowd")) } };
}

/** One row per run and page, then the reader's figures over all runs. */
export function mixedCrowdTable(m: MixedCrowdRuns): Table {
  const answers = (r: MixedCrowdResult) => `${r.crowdAnswers.requests} (${Object.entries(r.statuses).map(([s, n]) => `${s}: ${n}`).join(", ")})`;
  const row = (run: string, p: ReaderPage, idle: LoadResult, crowd: LoadResult, rest: string[]) => [run, `${p} (reader at ${READER_ADDRESS}, every ${PACE_MS} ms)`, `${idle.p50} / ${idle.p95} ms`, `${crowd.p50} / ${crowd.p95} ms`, `×${(crowd.p95 / idle.p95).toFixed(1)}`, ...rest];
  return {
    title: "mixed crowd",
    head: ["run", "page", "alone p50 / p95", "with the crowd p50 / p95", "p95 ratio", "crowd answers (status: count)", "load"],
    rows: [
      ...m.runs.flatMap((r, i) => READER_PAGES.map((p) => row(`${i + 1}`, p, r.idle[p], r.crowd[p], [answers(r), `${r.load.before} → ${r.load.after}`]))),
      ...(m.runs.length > 1 ? READER_PAGES.map((p) => row("all", p, m.pooled.idle[p], m.pooled.crowd[p], [`${m.runs.reduce((n, r) => n + r.crowdAnswers.requests, 0)}`, ""])) : []),
    ],
  };
}

export function mixedCrowdLine(r: MixedCrowdResult): string {
  const pages = READER_PAGES.map((p) => `${p} p95 ${r.idle[p].p95} → ${r.crowd[p].p95} ms (×${(r.crowd[p].p95 / r.idle[p].p95).toFixed(1)})`);
  const statuses = Object.entries(r.statuses).map(([s, n]) => `${s}: ${n}`).join(", ");
  return `mixed crowd (${r.clients} clients at ${CROWD_ADDRESS}, ${r.cycles} × ${r.seconds / r.cycles} s): ${pages.join(", ")}; crowd answers ${r.crowdAnswers.requests} (${statuses}), p50 ${r.crowdAnswers.p50} ms; load ${r.load.before} → ${r.load.after}`;
}

/** `npm run bench -- --mixed-crowd`: the row alone on a prepared PostgreSQL corpus, `runs` times on one app. */
export async function runMixedCrowdAlone(opts: MixedCrowdOptions & { articles: number; port: number }): Promise<void> {
  const { target, corpus } = await preparedPostgres(opts.articles);
  const started = new Date();
  const m = await mixedCrowdCorpus(target, corpus, opts);
  const header = `${started.toISOString().slice(0, 16).replace("T", " ")} UTC, npm run bench -- --mixed-crowd, ${cpus().length} cores, Node ${process.version}, PostgreSQL, ${corpus.articles.toLocaleString("en")} articles; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`;
  const markdown = [header, mixedCrowdCaption(opts, corpus.articles), renderTable(mixedCrowdTable(m))].join("\n\n");
  console.log(`\n${markdown}\n`);
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "mixed-crowd.json"), `${JSON.stringify({ date: started.toISOString(), machine: { cores: cpus().length, node: process.version }, ...mixedCrowdJson(m) }, null, 2)}\n`);
  writeFileSync(join(out, "mixed-crowd.md"), `${markdown}\n`);
  console.log("written to bench/results/mixed-crowd.md and bench/results/mixed-crowd.json");
}

/** What the table measured, in a sentence. */
export function mixedCrowdCaption(opts: MixedCrowdOptions, articles: number): string {
  const timed = Math.max(1, opts.seconds - 2 * RAMP_SECONDS);
  return `${opts.clients} clients at ${CROWD_ADDRESS}: a visitor's searches (pages 1–3 of ${FLOOD_KEYWORDS.length + ONE_WORD_KEYWORDS.length} keywords) and random permalinks of ${label(articles)} articles, alternating, in ${opts.cycles} phase${opts.cycles > 1 ? "s" : ""} of ${opts.seconds} s; the reader timed ${timed} s in each (from ${RAMP_SECONDS} s after it starts) and ${timed} s alone before each; ${opts.runs} run${opts.runs > 1 ? "s" : ""}, "all" pooling every run's answers.`;
}

/** The runs without their raw samples. */
export const mixedCrowdJson = (m: MixedCrowdRuns) => ({ articles: m.articles, pooled: m.pooled, runs: m.runs.map((r) => ({ ...r, samples: undefined })) });
