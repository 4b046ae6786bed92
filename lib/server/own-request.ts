// Requests this process makes to itself: a kept page's render on a miss (page-render.ts, its render secret) and
// the warm-up's (warm-up.ts, its warm-up secret). Both secrets are per process, so no client can pass for one.
// The admission never counts them, and the request log and metrics leave them out (a reader's miss is one request).
import type { IncomingMessage } from "node:http";
import { header } from "./front-door";
import { pageCache, RENDER_HEADER } from "./page-cache-slot";
import { isWarmUpRequest } from "./warm-up";

export function isOwnRequest(req: IncomingMessage): boolean {
  const secret = pageCache()?.renderSecret;
  return (secret !== undefined && header(req, RENDER_HEADER) === secret) || isWarmUpRequest(req);
}
