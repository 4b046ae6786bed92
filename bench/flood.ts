// The flood row: what a crowd searching for the commonest words does to everyone else. One client loads
// the home page and one the feed API (page 1, visitor) at the same time, each sending its next request
// when it has the last answer, first alone ("idle"), then while 50 clients search FLOOD_KEYWORDS in turn
// for 30 s; their p95 during the flood against idle is the figure (issue 17: at most 2×). The flood runs
// in its own process (autocannon). Afterwards we wait until the database has no query left running, and
// say how long that took: searches whose clients had gone.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { loadResult, type LoadResult, type Scenario } from "./load";
import { FEED_PATH, FLOOD_KEYWORDS, searchPath } from "./scenarios";

export type FloodOptions = { clients: number; seconds: number; idleSeconds: number };
export type FloodResult = {
  clients: number;
  seconds: number;
  keywords: string[];
  idle: { home: LoadResult; feed: LoadResult };
  flood: { home: LoadResult; feed: LoadResult };
  /** The flood's own requests (non-2xx answers and timeouts count as errors). */
  searches: LoadResult;
  /** Seconds after the flood until no query of the app was running any more. */
  drainSeconds: number;
};

const root = resolve(import.meta.dirname, "..");
const HOME: Scenario = { name: "home page HTML (visitor)", path: () => "/" };
const FEED: Scenario = { name: "feed page 1, visitor (API)", path: () => FEED_PATH };

/**
 * One client asking again as soon as it has its answer, for `seconds`; a request still running when the time
 * is up is waited for and counted (it was sent during the window), so slow answers are never left out.
 */
async function client(base: string, s: Scenario, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    const sent = performance.now();
    try {
      const res = await fetch(new URL(s.path(), base), { headers: s.headers, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - sent);
  }
  return loadResult(1, latencies, errors, (performance.now() - started) / 1000);
}

/** Home and feed, one client each, at the same time (after a few requests each to warm up). */
async function pair(base: string, seconds: number, warmup: boolean) {
  if (warmup) await Promise.all([client(base, HOME, 1), client(base, FEED, 1)]);
  const [home, feed] = await Promise.all([client(base, HOME, seconds), client(base, FEED, seconds)]);
  return { home, feed };
}

export async function floodRow(base: string, databaseUrl: string | null, opts: FloodOptions): Promise<FloodResult> {
  const idle = await pair(base, opts.idleSeconds, true);
  const paths = FLOOD_KEYWORDS.map(searchPath);
  const child = spawn(process.execPath, ["--import", "tsx", resolve(root, "bench/flood-client.ts"), base, String(opts.clients), String(opts.seconds), JSON.stringify(paths)], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error("the flood client exited early");
    return value as string;
  };
  if ((await next()) !== "started") throw new Error("the flood client did not start");
  // Measured inside the flood: after it has built up, ending before it stops.
  const ramp = Math.min(3, opts.seconds / 10);
  await new Promise((r) => setTimeout(r, ramp * 1000));
  const flood = await pair(base, Math.max(1, opts.seconds - 2 * ramp), false);
  const searches = JSON.parse(await next()) as LoadResult;
  const ended = performance.now();
  await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
  if (databaseUrl) await waitForIdleDatabase(databaseUrl, 180);
  return { clients: opts.clients, seconds: opts.seconds, keywords: FLOOD_KEYWORDS, idle, flood, searches, drainSeconds: Math.round((performance.now() - ended) / 100) / 10 };
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
