// The load generator: autocannon over keep-alive connections, each sending its next request as soon as
// the previous answer is read, for `seconds` after a discarded warm-up. Every response time autocannon
// reports is kept (sub-millisecond, from hrtime), so p50/p95/p99 are exact order statistics, not histogram
// buckets. Any status other than 2xx, a socket error or a timeout counts as an error.
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

function cannon(base: string, s: Scenario, connections: number, seconds: number, onResponse: (ms: number, status: number) => void) {
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
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

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;

export async function runLoad(base: string, s: Scenario, opts: { connections: number; seconds: number; warmupSeconds: number }): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) await cannon(base, s, opts.connections, opts.warmupSeconds, () => {});
  const latencies: number[] = [];
  let bad = 0;
  const result = await cannon(base, s, opts.connections, opts.seconds, (ms, status) => {
    latencies.push(ms);
    if (status < 200 || status > 299) bad++;
  });
  const sorted = latencies.sort((a, b) => a - b);
  return {
    connections: opts.connections,
    requests: sorted.length,
    errors: bad + result.errors,
    rps: Math.round(sorted.length / result.duration),
    p50: round(pct(sorted, 50)),
    p95: round(pct(sorted, 95)),
    p99: round(pct(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}
