// The server's front door: a few requests are answered before Next.js sees them — visitors' kept pages
// (kept-pages.ts) and visitors' kept search pages (kept-searches.ts). Each answerer looks at a request as the
// server receives it and either declines at once (null: the request goes to Next.js untouched) or takes it
// and settles whether it answered (false: it found nothing current, and Next.js answers as usual). Installed
// once at start-up on the HTTP server's prototype, like the peer-address stamp (instrumentation.ts).
//
// What it saves: Next's routing and proxy pass and the web-stream plumbing of a response, per request — the
// bulk of what a response from memory costs.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "node:http";
import { gzipSync } from "node:zlib";
import { peerIsTrustedProxy } from "@/lib/api/client-ip";
import { requestIdOf } from "@/lib/api/request-id";
import { errorMessage, log } from "@/lib/log";
import { recordHttp } from "@/lib/metrics";
import { routePattern } from "@/lib/metrics/route-pattern";

/** Null: not this answerer's request. Else whether it answered (false: Next.js answers). */
export type FrontAnswer = (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | null;

const INSTALLED = Symbol.for("shiyue.front-door");

/** The request's one value of a header (the first when a client repeats it), or null. */
export function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;
}

/** The request's headers as the shared checks read them. */
export const headersOf = (req: IncomingMessage) => ({ get: (name: string) => header(req, name), has: (name: string) => req.headers[name] !== undefined });

/** Whether an Accept-Encoding value takes gzip (named, or `*`, without q=0). */
export function takesGzip(acceptEncoding: string | null): boolean {
  const codings = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) codings.set(name, q === undefined ? 1 : Number(q));
  }
  return (codings.get("gzip") ?? codings.get("x-gzip") ?? codings.get("*") ?? 0) > 0;
}

const gzipped = new WeakMap<object, Buffer>();

/**
 * Ends `res` with a 200 of `text`: gzipped for a client that takes gzip when it is at least `gzipFrom` bytes
 * (the gzip made once per `owner`, the kept page or answer it belongs to, and dropped with it), else as it is.
 */
export function sendBody(req: IncomingMessage, res: ServerResponse, owner: object, text: string, gzipFrom = 0): void {
  const gzip = Buffer.byteLength(text) >= gzipFrom && takesGzip(header(req, "accept-encoding"));
  let body = gzip ? gzipped.get(owner) : Buffer.from(text);
  if (!body) gzipped.set(owner, (body = gzipSync(text)));
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.setHeader("content-length", body.length);
  res.statusCode = 200;
  res.end(body);
}

/** Whether the request came over https (the socket, or a proxy that says so). */
export const requestCameOverHttps = (req: IncomingMessage) =>
  (req.socket as { encrypted?: boolean }).encrypted === true || header(req, "x-forwarded-proto")?.split(",")[0].trim().toLowerCase() === "https";

/**
 * Gives every request an id (its trusted proxy's X-Request-Id, else a new one) that Next.js, the API routes
 * and error logs all read from the request, and that the response carries back; counts every answer in the
 * request metrics by route pattern (lib/metrics); and writes one log line when a page request ends: method,
 * path (never the query string), route, status (499: the client went away first), ms. API calls write their own
 * line (lib/api/route.ts) and Next's static files none.
 */
function noteRequest(req: IncomingMessage, res: ServerResponse): void {
  // What a request says of its scheme and its id counts only when a proxy we trust (TRUSTED_PROXIES) sent it: a
  // client's own X-Forwarded-Proto would put HSTS and upgrade-insecure-requests on an http site, and its
  // X-Request-Id would be echoed and logged as given.
  if (!peerIsTrustedProxy(req.socket?.remoteAddress)) {
    delete req.headers["x-forwarded-proto"];
    delete req.headers["x-request-id"];
  }
  const requestId = requestIdOf(header(req, "x-request-id"));
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  const path = (req.url ?? "/").split("?")[0];
  const page = !path.startsWith("/api/") && !path.startsWith("/_next/");
  const started = performance.now();
  res.once("close", () => {
    const status = res.writableFinished ? res.statusCode : 499;
    const ms = performance.now() - started;
    const route = routePattern(path);
    recordHttp(req.method ?? "GET", route, status, ms / 1000);
    if (page) log.info("page", { requestId, method: req.method, path, route, status, ms: Math.round(ms) });
  });
}

/** Marks a server the front door leaves alone (the metrics port's). */
export const PASS_BY = Symbol.for("shiyue.front-door.pass-by");

/**
 * Installs the front door on every HTTP server of this process (once; `answerers` of a later call are
 * ignored). Answerers are asked in order; the first that takes a request owns it.
 */
export function installFrontDoor(answerers: FrontAnswer[]): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    const pass = () => (emit as (event: string | symbol, ...args: unknown[]) => boolean).call(this, event, ...args);
    if (event !== "request" || (this as Server & { [PASS_BY]?: true })[PASS_BY]) return pass();
    const [req, res] = args as [IncomingMessage, ServerResponse];
    noteRequest(req, res);
    let taken: Promise<boolean> | null = null;
    for (const answer of answerers) {
      try {
        taken = answer(req, res);
      } catch (err) {
        log.warn("front_door_failed", { path: req.url, error: errorMessage(err) });
      }
      if (taken) break;
    }
    if (!taken) return pass();
    taken.then(
      (answered) => {
        if (!answered && !res.headersSent) pass();
      },
      (err) => {
        log.warn("front_door_failed", { path: req.url, error: errorMessage(err) });
        if (res.headersSent) res.destroy();
        else pass(); // Next.js answers the request as usual
      },
    );
    return true;
  } as typeof emit;
  proto[INSTALLED] = true;
}
