// Step 3 of a request (lib/server/pipeline.ts): per-client admission, before any work that costs. Each client
// (its address as lib/api/client-ip.ts resolves it: the socket's peer, or the client TRUSTED_PROXIES vouches
// for; IPv6 per /64) has two budgets per kind of request — page navigations and API calls apart, so a crowd of
// API calls from an address never keeps its readers' pages out:
//   - in flight: at most so many of its requests at once;
//   - server time: a bucket of milliseconds refilled at a steady rate; each request is charged its share of the
//     time it was in flight (1/n of it while n requests were: processor sharing, so a request slowed by others
//     is not billed for their work), at most MAX_CHARGE_MS (a chat stream waiting on its provider is not our work).
// Past either, a request waits in its client's line (costing nothing but a timer) until a slot is free and time has
// refilled — a browser's burst is served a few milliseconds late rather than refused, and a crowd that asks again
// the moment it has an answer is slowed to what its budget pays for, instead of being answered 429 thousands of
// times a second (each still a request to parse and answer). A request that waits MAX_WAIT_MS, or finds
// MAX_WAITING ahead of it, gets a 429 with Retry-After: a few hundred bytes made without the database, Next.js or
// the page caches. Pages have the larger budgets: a reader's navigation is favoured over API calls.
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
import { isOwnRequest } from "./own-request";

export type RequestKind = "page" | "api";

type Limits = { inFlight: number; msPerSecond: number; burstMs: number };

/** Per client and kind, at ABUSE_LIMIT_SCALE 1. */
export const ADMISSION: Record<RequestKind, Limits> = {
  // A browser over HTTP/1.1 opens six connections to a site; a page's own API calls are a handful.
  // A page view costs the server about 100 ms in all (its render and its API calls); a reader opens one every few
  // seconds. A tenth of a second a second, and a burst of fifteen pages, is far beyond a person and a few per cent
  // of the machine.
  page: { inFlight: 6, msPerSecond: 100, burstMs: 1_500 },
  api: { inFlight: 8, msPerSecond: 60, burstMs: 1_500 },
};
/** The most one request is charged, whatever it took: a longer one was mostly waiting (the database, the provider). */
export const MAX_CHARGE_MS = 250;
/** How long a request may wait in its client's line for a slot or for time; then it gets its 429. */
export const MAX_WAIT_MS = 2_000;
/** Requests of one client and kind waiting at once; one more gets its 429 at once. */
export const MAX_WAITING = 32;
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

type Waiter = { req: IncomingMessage; res: ServerResponse; resolve: (admitted: boolean) => void; timer: NodeJS.Timeout };
type Budget = { kind: RequestKind; inFlight: number; tokensMs: number; at: number; waiting: Waiter[]; wake?: NodeJS.Timeout };
type Client = Record<RequestKind, Budget>;

export type Admission = {
  /**
   * Admits the request (true: it goes on, and is charged when it ends), answers it with a 429 (false), or puts it in
   * its client's waiting line (a promise of either).
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  /** Clients being tracked (tests, diagnostics). */
  readonly clients: number;
  /** Requests waiting in their clients' lines now. */
  readonly waiting: number;
};

export function createAdmission(
  opts: { limits?: Record<RequestKind, Limits>; now?: () => number; scale?: () => number; maxWaitMs?: number } = {},
): Admission {
  const limits = opts.limits ?? ADMISSION;
  const now = opts.now ?? (() => performance.now());
  const scale = opts.scale ?? (() => getConfig().ABUSE_LIMIT_SCALE);
  const maxWaitMs = opts.maxWaitMs ?? MAX_WAIT_MS;
  const clients = createLru<string, Client>({ maxEntries: MAX_CLIENTS, maxBytes: Infinity, sizeOf: () => 0 });
  let waiting = 0;
  const budget = (kind: RequestKind, at: number): Budget => ({ kind, inFlight: 0, tokensMs: limits[kind].burstMs * scale(), at, waiting: [] });

  /** Refills the bucket to now; whether a request may start (a slot free and time left). */
  const open = (b: Budget): boolean => {
    const limit = limits[b.kind];
    const k = scale();
    const at = now();
    b.tokensMs = Math.min(limit.burstMs * k, b.tokensMs + ((at - b.at) * limit.msPerSecond * k) / 1000);
    b.at = at;
    return b.inFlight < Math.max(1, Math.round(limit.inFlight * k)) && b.tokensMs > 0;
  };

  const sharing = createProcessorSharing(now);

  /** Starts a request: counted in flight until it ends, then charged its share of the time and the line moves. */
  const start = (b: Budget, res: ServerResponse) => {
    const end = sharing.begin();
    b.inFlight++;
    res.once("close", () => {
      const charge = end();
      b.inFlight--;
      b.tokensMs -= Math.min(MAX_CHARGE_MS, charge);
      serve(b);
    });
  };

  /** Takes a request out of its client's line (admitted, timed out or gone); false when it had left already. */
  const leave = (b: Budget, w: Waiter): boolean => {
    const i = b.waiting.indexOf(w);
    if (i < 0) return false;
    b.waiting.splice(i, 1);
    waiting--;
    clearTimeout(w.timer);
    return true;
  };

  /** Lets in the waiting requests the budget allows; when time is what it lacks, looks again once it has refilled. */
  const serve = (b: Budget) => {
    while (b.waiting.length && open(b)) {
      const w = b.waiting[0];
      leave(b, w);
      start(b, w.res);
      w.resolve(true);
    }
    if (b.waiting.length && b.tokensMs <= 0 && !b.wake) {
      const ms = Math.max(5, (-b.tokensMs * 1000) / (limits[b.kind].msPerSecond * scale()) + 1);
      b.wake = setTimeout(() => {
        b.wake = undefined;
        serve(b);
      }, ms);
      b.wake.unref();
    }
  };

  /** The 429: for lack of time (Retry-After: until the bucket has refilled), else of a slot (1 s). */
  const turnAway = (req: IncomingMessage, res: ServerResponse, b: Budget): false => {
    if (b.tokensMs > 0) return refuse(req, res, b.kind, "in_flight", 1);
    return refuse(req, res, b.kind, "time", Math.max(1, Math.ceil(-b.tokensMs / (limits[b.kind].msPerSecond * scale()))));
  };

  return {
    get clients() {
      return clients.size;
    },
    get waiting() {
      return waiting;
    },
    admit(req, res) {
      const kind = requestKind(req);
      if (!kind || isOwnRequest(req)) return true;
      const key = clientKey(req);
      if (!key) return true;
      let client = clients.get(key);
      if (!client) clients.set(key, (client = { page: budget("page", now()), api: budget("api", now()) }));
      const b = client[kind];
      if (!b.waiting.length && open(b)) {
        start(b, res);
        return true;
      }
      if (b.waiting.length >= Math.max(1, Math.round(MAX_WAITING * scale()))) return turnAway(req, res, b);
      return new Promise<boolean>((resolve) => {
        const w: Waiter = {
          req,
          res,
          resolve,
          timer: setTimeout(() => {
            if (leave(b, w)) resolve(turnAway(req, res, b));
          }, maxWaitMs),
        };
        w.timer.unref();
        b.waiting.push(w);
        waiting++;
        // A client that leaves while it waits gives its place up.
        res.once("close", () => {
          if (leave(b, w)) resolve(false);
        });
        serve(b);
      });
    },
  };
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
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>访问太频繁 - 拾阅</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.7">` +
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

/**
 * Processor sharing: while n requests are in flight, each is charged 1/n of the time that passes, so a request
 * slowed down by others' work is charged its share of the server, not the wait they caused it (a reader's kept
 * page that took 40 ms beside a crowd cost the server a few of them). `begin()` when a request starts; the
 * function it answers, when it ends, gives the request's charge in ms.
 */
export function createProcessorSharing(now: () => number): { begin: () => () => number } {
  let running = 0;
  let shared = 0;
  let at = now();
  const advance = () => {
    const t = now();
    shared += (t - at) / Math.max(1, running);
    at = t;
    return shared;
  };
  return {
    begin() {
      const from = advance();
      running++;
      let charge: number | undefined;
      return () => {
        if (charge === undefined) {
          charge = advance() - from;
          running--;
        }
        return charge;
      };
    },
  };
}
