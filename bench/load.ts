// A small HTTP load loop over keep-alive connections: `connections` clients each send their next request
// as soon as the previous answer is read, for `seconds` after a warm-up. Every latency is kept, so
// percentiles are exact. Any status other than 200 counts as an error.
import http from "node:http";

export type Scenario = { name: string; path: () => string; headers?: Record<string, string> };
export type LoadResult = {
  name: string;
  connections: number;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

function get(agent: http.Agent, base: URL, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: base.hostname, port: base.port, path, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function runLoad(base: string, s: Scenario, opts: { connections: number; seconds: number; warmupSeconds?: number }): Promise<LoadResult> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let errors = 0;
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await get(agent, url, s.path(), s.headers).catch(() => 0);
      if (!record) continue;
      latencies.push(performance.now() - started);
      if (status !== 200) errors++;
    }
  };
  const workers = (until: number, record: boolean) => Promise.all(Array.from({ length: opts.connections }, () => run(until, record)));
  await workers(performance.now() + (opts.warmupSeconds ?? 2) * 1000, false);
  const started = performance.now();
  await workers(started + opts.seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name: s.name,
    connections: opts.connections,
    requests: sorted.length,
    errors,
    rps: Math.round(sorted.length / elapsed),
    p50: round(pct(sorted, 50)),
    p95: round(pct(sorted, 95)),
    p99: round(pct(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}
