// Step 2 of a request (lib/server/pipeline.ts): give it an id, count it, and log it.
//
// The id is its trusted proxy's X-Request-Id, else a new one; Next.js, the API routes and error logs all read it
// from the request, and the response carries it back. Every answer is counted in the request metrics by route
// pattern (lib/metrics), whoever answered it (a 429 of the admission, a kept page, Next.js). A page request writes
// one log line when it ends: method, path (never the query string), route, status (499: the client went away
// first), ms. API calls write their own line (lib/api/route.ts) and Next's static files none. The server's own
// requests — a kept page's render on a miss (page-render.ts), the warm-up's (warm-up.ts) — are neither counted nor
// logged: a reader's miss is one request, one line, with the render's time in it.
import type { IncomingMessage, ServerResponse } from "node:http";
import { peerIsTrustedProxy } from "@/lib/api/client-ip";
import { requestIdOf } from "@/lib/api/request-id";
import { log } from "@/lib/log";
import { recordHttp } from "@/lib/metrics";
import { routePattern } from "@/lib/metrics/route-pattern";
import { header } from "./front-door";
import { isOwnRequest } from "./own-request";

export function noteRequest(req: IncomingMessage, res: ServerResponse): void {
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
  if (isOwnRequest(req)) return;
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
