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
import { label, postgresAt } from "./databases";
import { loadResult, type LoadResult } from "./load";
import { inspectBenchDb } from "./prepare-db";
import { renderTable } from "./report";
import { FLOOD_KEYWORDS, ONE_WORD_KEYWORDS, searchPath } from "./scenarios";

export type MixedCrowdOptions = { clients: number; seconds: number; idleSeconds: number; cycles: number };
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
};

const root = resolve(import.meta.dirname, "..");
/** The reader's pace: one request every PACE_MS per page. */
const PACE_MS = 100;
const RAMP_SECONDS = 1;
const READER_PAGES = ["home", "permalink"] as const;
type ReaderPage = (typeof READER_PAGES)[number];
/** The two clients' addresses (documentation ranges), as the proxy in front would name them. */
const CROWD_ADDRESS = "198.51.100.7";
const READER_ADDRESS = "203.0.113.9";

/** The crowd's requests, in turn: a search's pages 1–3 and random permalinks, alternating. */
export function crowdPaths(articles: number, count = 3000, random = Math.random): string[] {
  const words = [...FLOOD_KEYWORDS, ...ONE_WORD_KEYWORDS];
  return Array.from({ length: count }, (_, i) => {
    if (i % 2 === 1) return `/articles/${1 + Math.floor(random() * articles)}`;
    const n = i / 2;
    return `${searchPath(words[Math.floor(n / 3) % words.length])}&page=${(n % 3) + 1}`;
  });
}

type Samples = { latencies: number[]; errors: number; seconds: number };
const empty = (): Samples => ({ latencies: [], errors: 0, seconds: 0 });

/** One reader opening `path` every PACE_MS for `seconds` (the next waits for a slow answer). */
async function reader(base: string, path: string, seconds: number, into: Samples): Promise<void> {
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    const sent = performance.now();
    try {
      const res = await fetch(new URL(path, base), { headers: { accept: "text/html", "x-forwarded-for": READER_ADDRESS }, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (!res.ok) into.errors++;
    } catch {
      into.errors++;
    }
    const ms = performance.now() - sent;
    into.latencies.push(ms);
    await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - ms)));
  }
  into.seconds += (performance.now() - started) / 1000;
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
  const read = (seconds: number, into: Record<ReaderPage, Samples>) => Promise.all(READER_PAGES.map((p) => reader(base, pages[p], seconds, into[p])));
  try {
    if ((await next()) !== "ready") throw new Error("the crowd client did not start");
    await read(1, { home: empty(), permalink: empty() }); // the reader's pages once, not counted
    const before = loadavg()[0];
    const idle = { home: empty(), permalink: empty() };
    const crowd = { home: empty(), permalink: empty() };
    const answers = empty();
    const statuses: Record<string, number> = {};
    for (let c = 0; c < opts.cycles; c++) {
      await read(opts.idleSeconds, idle);
      child.stdin!.write(`${opts.seconds}\n`);
      const answer = next();
      answer.catch(() => {});
      await new Promise((r) => setTimeout(r, RAMP_SECONDS * 1000));
      await read(Math.max(1, opts.seconds - 2 * RAMP_SECONDS), crowd);
      const phase = JSON.parse(await answer) as CrowdPhase;
      answers.latencies.push(...phase.latencies);
      answers.seconds += phase.seconds;
      for (const [s, n] of Object.entries(phase.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    }
    const after = loadavg()[0];
    child.stdin!.end();
    const results = (s: Record<ReaderPage, Samples>) => Object.fromEntries(READER_PAGES.map((p) => [p, loadResult(1, s[p].latencies, s[p].errors, s[p].seconds)])) as Record<ReaderPage, LoadResult>;
    return {
      clients: opts.clients,
      cycles: opts.cycles,
      seconds: opts.seconds * opts.cycles,
      idle: results(idle),
      crowd: results(crowd),
      crowdAnswers: loadResult(opts.clients, answers.latencies, 0, answers.seconds),
      statuses,
      load: { before: Math.round(before * 10) / 10, after: Math.round(after * 10) / 10 },
    };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

export function mixedCrowdLine(r: MixedCrowdResult): string {
  const pages = READER_PAGES.map((p) => `${p} p95 ${r.idle[p].p95} → ${r.crowd[p].p95} ms (×${(r.crowd[p].p95 / r.idle[p].p95).toFixed(1)})`);
  const statuses = Object.entries(r.statuses).map(([s, n]) => `${s}: ${n}`).join(", ");
  return `mixed crowd (${r.clients} clients at ${CROWD_ADDRESS}, ${r.cycles} × ${r.seconds / r.cycles} s): ${pages.join(", ")}; crowd answers ${r.crowdAnswers.requests} (${statuses}), p50 ${r.crowdAnswers.p50} ms; load ${r.load.before} → ${r.load.after}`;
}

/** `npm run bench -- --mixed-crowd`: the row alone on a prepared PostgreSQL corpus, `runs` times on one app. */
export async function runMixedCrowdAlone(opts: MixedCrowdOptions & { articles: number; runs: number; port: number }): Promise<void> {
  const target = postgresAt(opts.articles);
  const corpus = await inspectBenchDb(target.databaseUrl);
  if (!corpus || corpus.articles < opts.articles) {
    throw new Error(`${target.databaseUrl} is not prepared with ${opts.articles} articles: run npm run bench -- --prepare with BENCH_ARTICLES=${opts.articles} first`);
  }
  const started = new Date();
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
  const header = `${started.toISOString().slice(0, 16).replace("T", " ")} UTC, npm run bench -- --mixed-crowd, ${cpus().length} cores, Node ${process.version}, PostgreSQL, ${corpus.articles.toLocaleString("en")} articles; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`;
  const rows = runs.flatMap((r, i) =>
    READER_PAGES.map((p) => [
      `${i + 1}`,
      `${p} (reader at ${READER_ADDRESS}, every ${PACE_MS} ms)`,
      `${r.idle[p].p50} / ${r.idle[p].p95} ms`,
      `${r.crowd[p].p50} / ${r.crowd[p].p95} ms`,
      `×${(r.crowd[p].p95 / r.idle[p].p95).toFixed(1)}`,
      `${r.crowdAnswers.requests} (${Object.entries(r.statuses).map(([s, n]) => `${s}: ${n}`).join(", ")})`,
      `${r.load.before} → ${r.load.after}`,
    ]),
  );
  const table = renderTable({
    title: "mixed crowd",
    head: ["run", "page", "alone p50 / p95", "with the crowd p50 / p95", "p95 ratio", "crowd answers (status: count)", "load"],
    rows,
  });
  const markdown = [header, `${opts.clients} clients at ${CROWD_ADDRESS}: a visitor's searches (pages 1–3 of ${FLOOD_KEYWORDS.length + ONE_WORD_KEYWORDS.length} keywords) and random permalinks of ${label(opts.articles)} articles, alternating; ${opts.cycles} × ${opts.seconds} s against ${opts.cycles} × ${opts.idleSeconds} s alone.`, table].join("\n\n");
  console.log(`\n${markdown}\n`);
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "mixed-crowd.json"), `${JSON.stringify({ date: started.toISOString(), machine: { cores: cpus().length, node: process.version }, articles: corpus.articles, runs }, null, 2)}\n`);
  writeFileSync(join(out, "mixed-crowd.md"), `${markdown}\n`);
  console.log("written to bench/results/mixed-crowd.md and bench/results/mixed-crowd.json");
}
