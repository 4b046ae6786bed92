// The process's metrics, in Prometheus' text format at /metrics (lib/metrics/serve.ts, docs/operations.md). One
// registry per process, kept on globalThis: Next bundles this module into several chunks (the front door, each
// route), and each copy must count into the same series. The recording functions are what the rest of the code
// calls; they never throw and cost a map lookup and an addition.
import client from "prom-client";

type Shared = { registry: client.Registry; made: Map<string, unknown> };
const KEY = Symbol.for("shiyue.metrics");

export function registry(): client.Registry {
  return shared().registry;
}

function shared(): Shared {
  const g = globalThis as typeof globalThis & { [KEY]?: Shared };
  if (!g[KEY]) {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix: "shiyue_" });
    g[KEY] = { registry, made: new Map() };
  }
  return g[KEY];
}

/** The metric called `name`, made on first use in this process. */
export function once<T>(name: string, make: (registers: client.Registry[]) => T): T {
  const s = shared();
  let m = s.made.get(name) as T | undefined;
  if (m === undefined) s.made.set(name, (m = make([s.registry])));
  return m;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const PROVIDER_SECONDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 80, 160];

const http = () =>
  once("http", (registers) => ({
    duration: new client.Histogram({
      name: "shiyue_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern, method and status (499: the client left first)",
      labelNames: ["method", "route", "status"],
      buckets: SECONDS,
      registers,
    }),
    errors: new client.Counter({ name: "shiyue_http_server_errors_total", help: "Answers with a 5xx status, by route pattern", labelNames: ["route"], registers }),
  }));

export function recordHttp(method: string, route: string, status: number, seconds: number): void {
  const m = http();
  m.duration.observe({ method, route, status: String(status) }, seconds);
  if (status >= 500) m.errors.inc({ route });
}

const searchPlans = () =>
  once("search", (registers) => new client.Counter({ name: "shiyue_search_plans_total", help: "Keyword searches by the plan that ranked them (full, tiers, verbatim)", labelNames: ["plan"], registers }));

export const recordSearchPlan = (plan: string) => searchPlans().inc({ plan });

const provider = () =>
  once("provider", (registers) => ({
    duration: new client.Histogram({
      name: "shiyue_ai_request_duration_seconds",
      help: "Calls to the AI provider (chat, summary, embedding, transcription) by outcome",
      labelNames: ["kind", "outcome"],
      buckets: PROVIDER_SECONDS,
      registers,
    }),
  }));

export const observeProvider = (kind: ProviderCall, outcome: "ok" | "error", seconds: number) => provider().duration.observe({ kind, outcome }, seconds);
type ProviderCall = "chat" | "summary" | "embedding" | "transcription";

/** Times `call` to the AI provider as `kind` (ok or error), passing its result or error through. */
export async function timeProvider<T>(kind: ProviderCall, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome: "ok" | "error" = "error";
  try {
    const result = await call();
    outcome = "ok";
    return result;
  } finally {
    observeProvider(kind, outcome, (performance.now() - started) / 1000);
  }
}

const tasks = () =>
  once("tasks", (registers) => new client.Counter({ name: "shiyue_summary_tasks_total", help: "Summary tasks finished, by outcome and the step they ended at", labelNames: ["outcome", "step"], registers }));

export const recordSummaryTask = (outcome: "completed" | "failed", step: string) => tasks().inc({ outcome, step });

const feeds = () =>
  once("feeds", (registers) => new client.Counter({ name: "shiyue_feed_polls_total", help: "Feed polls by result", labelNames: ["result"], registers }));

export const recordFeedPoll = (result: string) => feeds().inc({ result });

const caches = () =>
  once("caches", (registers) => new client.Counter({ name: "shiyue_cache_requests_total", help: "Lookups in the in-process caches, by cache and result (hit, miss)", labelNames: ["cache", "result"], registers }));

export const recordCache = (cache: string, hit: boolean) => caches().inc({ cache, result: hit ? "hit" : "miss" });

const refusals = () =>
  once("admission", (registers) => new client.Counter({ name: "shiyue_admission_refused_total", help: "Requests turned away at the door with 429, by class (page, api) and budget (in_flight, time)", labelNames: ["class", "budget"], registers }));

export const recordRefusal = (kind: string, budget: string) => refusals().inc({ class: kind, budget });

const reads = () =>
  once("reads", (registers) => new client.Counter({ name: "shiyue_db_reads_total", help: "Lag-tolerant reads (feed, search, permalinks, chat retrieval) by where they went: replica or primary (with DATABASE_READ_URL)", labelNames: ["target"], registers }));

export const recordRead = (target: "replica" | "primary") => reads().inc({ target });

/** A gauge whose value is read when Prometheus scrapes (pool sizes, queue depth, replica lag). */
export function scrapedGauge(name: string, help: string, labelNames: string[], read: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void): void {
  once(name, (registers) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        await read((labels, value) => this.set(labels, value));
      },
    }),
  );
}
