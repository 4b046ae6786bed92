// A visitor's search answered before Next.js from the page kept for it (issue 29), at the server's front door
// (front-door.ts). A crowd searching the same words — a topic in the news — is answered from memory by the
// visitors' search cache (lib/search/visitor-cache.ts) already; through Next.js each of those answers still
// cost about 5 ms of the event loop (routing, the route's runtime, JSON of twenty cards, gzip), enough for a
// crowd to double every page's wait. Here a kept page costs its version check (shared by concurrent requests)
// and a write of bytes made once per page.
//
// Taken: `GET /api/v1/articles/search[/]?…` without an Authorization header (any token, valid or not, goes to
// the route, which decides who it names). Answered: when the page for those parameters is kept and current —
// with the headers the route and next.config.ts give the same answer, and the route's access-log line.
// Anything else goes to the route untouched: a miss, bad parameters, page 2, a server that is stopping.
//
// Cheap is not free: a crowd of clients asking again the moment they have an answer gets as many answers as
// the machine can make (1,500–1,800 a second in the bench), and the CPU it takes — this process's, the
// database's for the version checks, the clients' own on a shared host — is taken from every page. So kept
// answers are paced (pacer.ts): KEPT_SEARCH_RATE a second per process, a burst of KEPT_SEARCH_BURST at once;
// beyond that a search waits its turn, and one whose turn is more than KEPT_SEARCH_MAX_WAIT_MS away goes to
// the route, whose search gate queues it with every other search. A reader never notices (a burst answers at
// once; at the full rate a turn comes every 2.5 ms); a crowd gets at most the rate.
import { recordCache } from "@/lib/metrics";
import { routePattern } from "@/lib/metrics/route-pattern";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestIdOf } from "@/lib/api/request-id";
import { keptSearches, type KeptSearches, type KeptSearchAnswer } from "@/lib/search/kept-answer-slot";
import { log } from "@/lib/log";
import { header, requestCameOverHttps, sendBody, type FrontAnswer } from "./front-door";
import { isStopping } from "./lifecycle";
import { createPacer, type Pacer } from "./pacer";
import { API_CSP, HSTS, STATIC_SECURITY_HEADERS } from "./security-headers";

/** Kept search answers a second per process, on average. */
export const KEPT_SEARCH_RATE = 400;
/** Kept search answers at once after a quiet spell. */
export const KEPT_SEARCH_BURST = 32;
/** A search whose turn is further away than this goes to the route (and its gate). */
export const KEPT_SEARCH_MAX_WAIT_MS = 1_000;

const PACING = { rate: KEPT_SEARCH_RATE, burst: KEPT_SEARCH_BURST, maxWaitMs: KEPT_SEARCH_MAX_WAIT_MS };
const g = globalThis as typeof globalThis & { __shiyueKeptSearchPacer?: Pacer };
const pacer = () => (g.__shiyueKeptSearchPacer ??= createPacer(PACING));

/** Paces kept searches otherwise (tests: a rate a test client can outrun); no argument restores the default. */
export const paceKeptSearches = (pacing: Partial<typeof PACING> = {}) => {
  g.__shiyueKeptSearchPacer = createPacer({ ...PACING, ...pacing });
};

/** Kept searches waiting their turn now (diagnostics, tests). */
export const keptSearchesWaiting = () => pacer().waiting;

const SEARCH_PATHS = new Set(["/api/v1/articles/search", "/api/v1/articles/search/"]);
/** The Vary Next.js puts on every answer of an app route. */
const NEXT_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding";
/** Below this Next.js sends a JSON answer uncompressed; so does the front door. */
const GZIP_MIN_BYTES = 1024;

/** Writes a kept search answer as the API route would have sent it. */
export function writeKeptSearch(req: IncomingMessage, res: ServerResponse, answer: KeptSearchAnswer, requestId: string): void {
  for (const { key, value } of STATIC_SECURITY_HEADERS) res.setHeader(key, value);
  res.setHeader("content-security-policy", API_CSP);
  if (requestCameOverHttps(req)) res.setHeader("strict-transport-security", HSTS);
  res.setHeader("content-type", "application/json");
  res.setHeader("x-search-mode", answer.mode);
  res.setHeader("x-request-id", requestId);
  res.setHeader("vary", NEXT_VARY);
  sendBody(req, res, answer, answer.json, GZIP_MIN_BYTES);
}

/** The front door's answerer for visitors' kept search pages. */
export const answerKeptSearch: FrontAnswer = (req, res) => {
  const url = req.url ?? "";
  const q = url.indexOf("?");
  if (req.method !== "GET" || q < 0 || !SEARCH_PATHS.has(url.slice(0, q))) return null;
  const slot = keptSearches();
  if (!slot || req.headers.authorization !== undefined || isStopping()) return null;
  return answerInTurn(req, res, url.slice(0, q), new URLSearchParams(url.slice(q + 1)), slot);
};

async function answerInTurn(req: IncomingMessage, res: ServerResponse, path: string, params: URLSearchParams, slot: KeptSearches): Promise<boolean> {
  const started = performance.now();
  const go = await pacer().turn();
  if (res.destroyed) return true; // the client left while it waited: nothing to answer
  const answer = go ? await slot.lookup(params) : null;
  if (go) recordCache("kept_search", answer !== null);
  if (!answer) return false;
  const requestId = requestIdOf(header(req, "x-request-id"));
  writeKeptSearch(req, res, answer, requestId);
  // The route's line: never the query string (keywords), headers or body.
  log.info("api", { requestId, method: "GET", path, route: routePattern(path), status: 200, ms: Math.round(performance.now() - started) });
  return true;
}
