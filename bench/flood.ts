// The flood row: what a crowd searching for the commonest words does to everyone else. One client each
// loads the home page (visitor), an article's permalink (visitor) and the feed API (page 1, visitor) at the
// same time, each sending its next request when it has the last answer, alone ("idle") and while `clients`
// clients (16 by default) search FLOOD_KEYWORDS in turn; the pages' p95 during the flood against idle is the
// figure (issues 17 and 29: at most 2×). Idle and flood alternate in `cycles` short phases back to back, and
// each side's percentiles pool its phases: on a shared machine other work comes and goes, and short
// alternating phases spread it over both sides instead of landing on one. The flood runs in its own
// process (autocannon). Afterwards we wait until the database has no query left running, and say how
// long that took: searches whose clients had gone. Alone: `npm run bench -- --flood` (bench/run.ts).
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import type { FloodPhase } from "./flood-client";
import { askRepeatedly, emptySamples, loadResult, type LoadResult, type Samples, type Scenario } from "./load";
import { FEED_PATH, FLOOD_KEYWORDS, searchPath } from "./scenarios";

export type FloodOptions = {
  clients: number;
  /** Seconds of each flood phase (the pages are timed inside it, a second after it starts until a second before it ends). */
  seconds: number;
  /** Seconds of each idle phase. */
  idleSeconds: number;
  /** Idle and flood phases, alternating (default 3 of each). */
  cycles?: number;
};
/** The pages timed while the flood runs. */
export const FLOOD_PAGES = ["home", "permalink", "feed"] as const;
export type FloodPage = (typeof FLOOD_PAGES)[number];
export const FLOOD_PAGE_NAMES: Record<FloodPage, string> = {
  home: "home page HTML (visitor)",
  permalink: "article permalink HTML (visitor)",
  feed: "feed page 1, visitor (API)",
};
export type FloodResult = {
  clients: number;
  /** Seconds of flood in all (every phase). */
  seconds: number;
  cycles: number;
  keywords: string[];
  idle: Record<FloodPage, LoadResult>;
  flood: Record<FloodPage, LoadResult>;
  /** The flood's own requests (non-2xx answers and timeouts count as errors). */
  searches: LoadResult;
  /** Seconds after the flood until no query of the app was running any more. */
  drainSeconds: number;
  /** The machine's 1-minute load average before the first phase and after the last. */
  load: { before: number; after: number };
};

const root = resolve(import.meta.dirname, "..");
/** A flood phase's timed window starts this long after it (the flood has built up) and ends this long before its end. */
const RAMP_SECONDS = 1;

function pages(articleId: number): Record<FloodPage, Scenario> {
  return {
    home: { name: FLOOD_PAGE_NAMES.home, path: () => "/" },
    permalink: { name: FLOOD_PAGE_NAMES.permalink, path: () => `/articles/${articleId}` },
    feed: { name: FLOOD_PAGE_NAMES.feed, path: () => FEED_PATH },
  };
}

/** Every measured page, one client each, at the same time. */
async function measurePages(base: string, all: Record<FloodPage, Scenario>, seconds: number, into: Record<FloodPage, Samples>) {
  await Promise.all(FLOOD_PAGES.map((p) => askRepeatedly(base, all[p], seconds, into[p])));
}

const sampled = (): Record<FloodPage, Samples> => ({ home: emptySamples(), permalink: emptySamples(), feed: emptySamples() });
const results = (s: Record<FloodPage, Samples>) =>
  Object.fromEntries(FLOOD_PAGES.map((p) => [p, loadResult(1, s[p].latencies, s[p].errors, s[p].seconds)])) as Record<FloodPage, LoadResult>;

/** Idle and flood phases alternating, `cycles` of each; `articleId` is the permalink measured. */
export async function floodRow(base: string, databaseUrl: string | null, articleId: number, opts: FloodOptions): Promise<FloodResult> {
  const cycles = opts.cycles ?? 3;
  const all = pages(articleId);
  const child = spawn(process.execPath, ["--import", "tsx", resolve(root, "bench/flood-client.ts"), base, String(opts.clients), JSON.stringify(FLOOD_KEYWORDS.map(searchPath))], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error("the flood client exited early");
    return value as string;
  };
  const exited = new Promise((r) => child.once("exit", r));
  try {
    if ((await next()) !== "ready") throw new Error("the flood client did not start");
    // Warm-up, not counted: each page, then a short flood (the first searches after start-up load code and data).
    await measurePages(base, all, 1, sampled());
    child.stdin!.write("2\n");
    await next();
    const before = loadavg()[0];
    const idle = sampled();
    const flood = sampled();
    const searches = emptySamples();
    for (let c = 0; c < cycles; c++) {
      await measurePages(base, all, opts.idleSeconds, idle);
      child.stdin!.write(`${opts.seconds}\n`);
      const answer = next();
      answer.catch(() => {}); // awaited below; an early exit must not go unhandled meanwhile
      await new Promise((r) => setTimeout(r, RAMP_SECONDS * 1000));
      await measurePages(base, all, Math.max(1, opts.seconds - 2 * RAMP_SECONDS), flood);
      const phase = JSON.parse(await answer) as FloodPhase;
      searches.latencies.push(...phase.latencies);
      searches.errors += phase.errors;
      searches.seconds += phase.seconds;
    }
    const after = loadavg()[0];
    const ended = performance.now();
    child.stdin!.end();
    await exited;
    if (databaseUrl) await waitForIdleDatabase(databaseUrl, 180);
    return {
      clients: opts.clients,
      seconds: opts.seconds * cycles,
      cycles,
      keywords: FLOOD_KEYWORDS,
      idle: results(idle),
      flood: results(flood),
      searches: loadResult(opts.clients, searches.latencies, searches.errors, searches.seconds),
      drainSeconds: Math.round((performance.now() - ended) / 100) / 10,
      load: { before: Math.round(before * 10) / 10, after: Math.round(after * 10) / 10 },
    };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

/** Waits (up to `limit` seconds) until no other session of this database is running a query. */
async function waitForIdleDatabase(url: string, limit: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const until = Date.now() + limit * 1000;
    while (Date.now() < until) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()`,
      );
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}
