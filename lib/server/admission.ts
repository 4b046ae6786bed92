// Step 3 of a request (lib/server/pipeline.ts): per-client admission, before any work that costs. Each client
// (its address as lib/api/client-ip.ts resolves it: the socket's peer, or the client TRUSTED_PROXIES vouches
// for; IPv6 per /64) has two budgets per kind of request — page navigations and API calls apart, so a crowd of
// API calls from an address never keeps its readers' pages out:
//   - in flight: at most so many of its requests at once;
//   - server time: a bucket of milliseconds refilled at a steady rate; each request is charged the time it took
//     (at most MAX_CHARGE_MS: a chat stream that waits on the provider is not work of ours). While the bucket is
//     empty the client waits.
// Past either, the answer is an immediate 429 with Retry-After, a few hundred bytes made without the database,
// Next.js or the page caches. Pages have the larger budgets: a reader's navigation is favoured over API calls.
//
// Not counted: static files (hashed assets, icons, the service worker, the manifest), the health and readiness
// probes and /metrics (a load balancer or a scraper asks from one address), the server's own renders
// (page-cache-slot.ts: its render secret) and its warm-up, and clients on this machine (loopback: local tools, the
// journeys' browsers, and a proxy on the same host that TRUSTED_PROXIES does not name — counting it would put
// every reader behind it into one budget). The budgets scale with ABUSE_LIMIT_SCALE like every per-address
// budget (lib/abuse/budgets.ts). Clients are kept in an LRU of MAX_CLIENTS; one evicted starts full again.
import type { IncomingMessage, ServerResponse } from "node:http";
import { addressKey, normalizeAddress, PEER_HEADER, resolveClient } from "@/lib/api/client-ip";
import { defaultDetail } from "@/lib/api/errors";
import { getConfig } from "@/lib/config";
import { recordRefusal } from "@/lib/metrics";
import { header } from "./front-door";
import { createLru } from "./lru";
import { pageCache, RENDER_HEADER } from "./page-cache-slot";
import { isWarmUpRequest } from "./warm-up";

export type RequestKind = "page" | "api";

type Limits = { inFlight: number; msPerSecond: number; burstMs: number };

/** Per client and kind, at ABUSE_LIMIT_SCALE 1. */
export const ADMISSION: Record<RequestKind, Limits> = {
  // A browser over HTTP/1.1 opens six connections to a site; a page's own API calls are a handful.
  page: { inFlight: 6, msPerSecond: 300, burstMs: 3_000 },
  api: { inFlight: 8, msPerSecond: 200, burstMs: 2_000 },
};
/** The most one request is charged, whatever it took. */
export const MAX_CHARGE_MS = 1_000;
const MAX_CLIENTS = 20_000;

const FREE_PREFIXES = ["/_next/static/", "/_next/image", "/icons/", "/assets/"];
const FREE_PATHS = new Set(["/favicon.ico", "/apple-icon.png", "/sw.js", "/manifest.webmanifest", "/robots.txt", "/offline", "/offline.html", "/api/health", "/api/ready", "/metrics"]);

/** What budget a request draws on, or null when it is not counted. */
export function requestKind(req: IncomingMessage): RequestKind | null {
  const path = (req.url ?? "/").split("?")[0];
  if (FREE_PATHS.has(path) || FREE_PREFIXES.some((p) => path.startsWith(p)) || path.startsWith("/offline/")) return null;
  if (path.startsWith("/api/")) return "api";
  // Pages and their router's requests (RSC payloads of a navigation or a prefetch).
  return "page";
}

type Budget = { inFlight: number; tokensMs: number; at: number };
type Client = Record<RequestKind, Budget>;

export type Admission = {
  /** Admits the request (true: it goes on and is charged when it ends) or answers it with a 429 (false). */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  /** Clients being tracked (tests, diagnostics). */
  readonly clients: number;
};

export function createAdmission(opts: { limits?: Record<RequestKind, Limits>; now?: () => number; scale?: () => number } = {}): Admission {
  const limits = opts.limits ?? ADMISSION;
  const now = opts.now ?? (() => performance.now());
  const scale = opts.scale ?? (() => getConfig().ABUSE_LIMIT_SCALE);
  const clients = createLru<string, Client>({ maxEntries: MAX_CLIENTS, maxBytes: Infinity, sizeOf: () => 0 });
  const fresh = (at: number): Client => ({
    page: { inFlight: 0, tokensMs: limits.page.burstMs * scale(), at },
    api: { inFlight: 0, tokensMs: limits.api.burstMs * scale(), at },
  });
  return {
    get clients() {
      return clients.size;
    },
    admit(req, res) {
      const kind = requestKind(req);
      if (!kind || isOwnRender(req)) return true;
      const key = clientKey(req);
      if (!key) return true;
      const at = now();
      let client = clients.get(key);
      if (!client) clients.set(key, (client = fresh(at)));
      const budget = client[kind];
      const limit = limits[kind];
      const k = scale();
      budget.tokensMs = Math.min(limit.burstMs * k, budget.tokensMs + ((at - budget.at) * limit.msPerSecond * k) / 1000);
      budget.at = at;
      if (budget.inFlight >= Math.max(1, Math.round(limit.inFlight * k))) return refuse(req, res, kind, "in_flight", 1);
      if (budget.tokensMs <= 0) return refuse(req, res, kind, "time", Math.ceil(-budget.tokensMs / (limit.msPerSecond * k)) || 1);
      budget.inFlight++;
      res.once("close", () => {
        budget.inFlight--;
        budget.tokensMs -= Math.min(MAX_CHARGE_MS, now() - at);
      });
      return true;
    },
  };
}

/** The server's own renders of kept pages and its warm-up go through. */
function isOwnRender(req: IncomingMessage): boolean {
  const secret = pageCache()?.renderSecret;
  return (secret !== undefined && header(req, RENDER_HEADER) === secret) || isWarmUpRequest(req);
}

/** This machine: 127.0.0.0/8 and ::1. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

/** The client's budget key, or null for one that is not counted (no address, or this machine). */
function clientKey(req: IncomingMessage): string | null {
  const peer = normalizeAddress(header(req, PEER_HEADER) ?? "");
  if (!peer) return null;
  const client = resolveClient(peer, header(req, "x-forwarded-for"), getConfig().TRUSTED_PROXIES);
  return LOOPBACK.test(client) ? null : addressKey(client);
}

const PAGE_429 = (seconds: number) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>访问太频繁 - 拾阅</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.7;color:#333">` +
  `<h1 style="font-size:1.25rem">访问太频繁了</h1><p>来自你所在网络的请求太多，请 ${seconds} 秒后刷新页面。</p><p><a href="/">返回首页</a></p></body></html>`;

function refuse(req: IncomingMessage, res: ServerResponse, kind: RequestKind, budget: "in_flight" | "time", seconds: number): false {
  recordRefusal(kind, budget);
  const api = kind === "api" || !(header(req, "accept") ?? "").includes("text/html");
  const body = api ? JSON.stringify({ detail: defaultDetail("rate_limited") }) : PAGE_429(seconds);
  res.writeHead(429, {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "retry-after": String(seconds),
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return false;
}
