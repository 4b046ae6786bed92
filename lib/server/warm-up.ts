// A new process is ready (/api/ready 200) only once it is warm: its first readers must not pay for what the first
// request of each kind costs — loading the route's code, jieba's dictionary, the search statistics, the database's
// first plans and pages. server/main.ts runs warmUp() after Next.js is prepared, through its own front door on
// loopback, the way a visitor's browser would: the home page and a permalink (kept pages, rendered by Next.js),
// the feed, a search, the chat's route (loaded, not asked). The chat's retrieval is warmed inside Next.js at start-up
// (lib/server/start.ts), without asking the AI provider anything. Each step has a time limit; one that fails is
// logged and the process becomes ready anyway (a slow first reader is better than a process that never serves).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { peerIsTrustedProxy } from "@/lib/api/client-ip";
import { errorMessage, log } from "@/lib/log";
import { header } from "./front-door";
export { ownOrigin } from "./own-origin";

type WarmState = "warming" | "warm";
const g = globalThis as typeof globalThis & { __shiyueWarm?: WarmState; __shiyueWarmSecret?: string };

/** Marks the warm-up's own requests (with this process's secret): never refused while cold, never counted. */
export const WARM_UP_HEADER = "x-shiyue-warm-up";
const secret = () => (g.__shiyueWarmSecret ??= randomUUID());
export const isWarmUpRequest = (req: IncomingMessage) => header(req, WARM_UP_HEADER) === secret();

/** False from server/main.ts's start until its warm-up is over (a process started without it never warms). */
export const isWarm = () => g.__shiyueWarm !== "warming";

/** Holds /api/ready at 503 until warmUp() is over; called first thing by server/main.ts. */
export const startCold = () => {
  g.__shiyueWarm = "warming";
};

const STEP_TIMEOUT_MS = 15_000;
const DOCUMENT = { accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };

async function get(url: string, headers: Record<string, string> = {}, expected = 200): Promise<Response> {
  const res = await fetch(url, { headers: { ...headers, [WARM_UP_HEADER]: secret() }, signal: AbortSignal.timeout(STEP_TIMEOUT_MS), redirect: "manual" });
  if (res.status !== expected) throw new Error(`${new URL(url).pathname} → ${res.status}`);
  return res;
}

/** A word of a title to search for: its first run of two to four Chinese characters, else its first word. */
export function searchWordOf(title: string): string {
  return /[\u4e00-\u9fff]{2,4}/.exec(title)?.[0] ?? title.split(/\s+/)[0] ?? "新闻";
}

export async function warmUp(origin: string): Promise<void> {
  const started = performance.now();
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | null> => {
    const t = performance.now();
    try {
      return await fn();
    } catch (err) {
      log.warn("warm_up_step_failed", { step: name, error: errorMessage(err) });
      return null;
    } finally {
      steps[name] = Math.round(performance.now() - t);
    }
  };
  try {
    await step("home", () => get(`${origin}/`, DOCUMENT).then((r) => r.arrayBuffer()));
    const feed = await step("feed", () => get(`${origin}/api/v1/articles?page=1`).then((r) => r.json() as Promise<{ data?: { items?: { id: number; title: string }[] } }>));
    const first = feed?.data?.items?.[0];
    if (first) {
      await step("permalink", () => get(`${origin}/articles/${first.id}`, DOCUMENT).then((r) => r.arrayBuffer()));
      const q = encodeURIComponent(searchWordOf(first.title));
      await step("search", () => get(`${origin}/api/v1/articles/search?keyword=${q}`).then((r) => r.arrayBuffer()));
    }
    // A GET of the chat is refused (405) once its route and everything it imports (the model client, the local
    // engine, the event stream) are loaded: a question would write the asker's counters and, with a model
    // configured, spend on it. The retrieval is warmed inside Next.js (warm-retrieval.ts).
    await step("chat", () => get(`${origin}/api/v1/chat`, {}, 405).then((r) => r.arrayBuffer()));
  } finally {
    g.__shiyueWarm = "warm";
    log.info("warm", { ms: Math.round(performance.now() - started), steps });
  }
}

/**
 * While the process is cold, a GET or HEAD of a page or an API call that came through a trusted proxy is answered
 * 503 at once: the proxy (compose's nginx: `proxy_next_upstream http_503`) asks another replica, so a rolling deploy
 * sends no reader to a process still warming up. Anything else is served — a reader with no proxy in front (`npm
 * start`, one process) waits no longer for it, and a POST is not one a proxy may repeat.
 */
export function turnAwayWhileCold(req: IncomingMessage, res: ServerResponse): boolean {
  if (isWarm() || (req.method !== "GET" && req.method !== "HEAD") || isWarmUpRequest(req)) return false;
  if (!peerIsTrustedProxy(req.socket?.remoteAddress)) return false;
  res.writeHead(503, { "content-type": "application/json", "retry-after": "1", "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : JSON.stringify({ detail: "服务正在预热，请稍后再试" }));
  return true;
}
