// The load generator: autocannon over keep-alive connections, each sending its next request as soon as
// the previous answer is read, for `seconds` after a discarded warm-up. Every response time autocannon
// reports is kept (sub-millisecond, from hrtime), so p50/p95/p99 are exact order statistics, not histogram
// buckets. Any status other than 2xx, a socket error or a timeout counts as an error. A row reports at least
// five answers: when they are slower than its seconds, it runs on until it has them.
import autocannon, { type Result } from "autocannon";

export type Scenario = {
  name: string;
  /** The next request's path (query included); called once per request. */
  path: () => string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
};

export type LoadResult = {
  connections: number;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

/** What one client's loop of requests took: each answer's time, the failed ones, the seconds it ran. */
export type Samples = { latencies: number[]; errors: number; seconds: number };
export const emptySamples = (): Samples => ({ latencies: [], errors: 0, seconds: 0 });

/**
 * One client asking for `s` for `seconds`: again as soon as it has its answer, or `paceMs` after it sent the last
 * (a slow answer delays the next). A request still running when the time is up is waited for and counted (it was
 * sent during the window), so slow answers are never left out. A status other than 2xx or a failure is an error.
 */
export async function askRepeatedly(base: string, s: Scenario, seconds: number, into: Samples, paceMs = 0): Promise<void> {
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    const sent = performance.now();
    try {
      const res = await fetch(new URL(s.path(), base), { method: s.method, headers: s.headers, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (!res.ok) into.errors++;
    } catch {
      into.errors++;
    }
    const ms = performance.now() - sent;
    into.latencies.push(ms);
    if (paceMs > ms) await new Promise((r) => setTimeout(r, paceMs - ms));
  }
  into.seconds += (performance.now() - started) / 1000;
}

/** `seconds` of load, or `{ amount }` requests. */
function cannon(base: string, s: Scenario, connections: number, length: number | { amount: number }, onResponse: (ms: number, status: number) => void) {
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        ...(typeof length === "number" ? { duration: length } : { amount: length.amount }),
        method: s.method ?? "GET",
        headers: s.headers,
        timeout: 30,
        requests: [{ setupRequest: (req) => ({ ...req, path: s.path() }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => onResponse(ms, status));
  });
}

/** The fewest answers a row reports (it runs on past its seconds when they are slower than that). */
const MIN_ANSWERS = 5;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;
/** Requests per second: whole numbers, tenths below 10 (a row of searches taking seconds each). */
const rate = (n: number) => (n < 10 ? Math.round(n * 10) / 10 : Math.round(n));

/** `samples`, when given, receives every response time (ms) measured, for pooling several runs. */
export async function runLoad(base: string, s: Scenario, opts: { connections: number; seconds: number; warmupSeconds: number; samples?: number[] }): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) {
    // At least one whole answer first: a route's first request after start-up loads its code.
    await fetch(new URL(s.path(), base), { method: s.method ?? "GET", headers: s.headers }).then((r) => r.arrayBuffer(), () => undefined);
    await cannon(base, s, opts.connections, opts.warmupSeconds, () => {});
  }
  const latencies: number[] = [];
  let bad = 0;
  const record = (ms: number, status: number) => {
    latencies.push(ms);
    opts.samples?.push(ms);
    if (status < 200 || status > 299) bad++;
  };
  const result = await cannon(base, s, opts.connections, opts.seconds, record);
  let { duration, errors } = result;
  // Answers slower than the row (seconds each: a search on a million articles) would leave it empty, and a
  // request still running when the time is up is not counted: make sure of a few answers.
  if (latencies.length < MIN_ANSWERS) {
    const amount = MIN_ANSWERS - latencies.length;
    const more = await cannon(base, s, Math.min(opts.connections, amount), { amount }, record);
    duration += more.duration;
    errors += more.errors;
  }
  return loadResult(opts.connections, latencies, bad + errors, duration);
}

/** The figures of a run: exact percentiles of every response time (ms) kept. */
export function loadResult(connections: number, latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    connections,
    requests: sorted.length,
    errors,
    rps: rate(sorted.length / seconds),
    p50: round(pct(sorted, 50)),
    p95: round(pct(sorted, 95)),
    p99: round(pct(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}
