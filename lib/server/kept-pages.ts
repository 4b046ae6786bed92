// A visitor's kept page answered before Next.js (issue 30), at the server's front door (front-door.ts). A
// plain GET of `/` or `/articles/{id}` that a kept page may answer (page-cache-slot.ts: no session cookie, no
// query, a document, no router headers) is looked up in the pages kept in memory (page-caches.ts) as soon as
// the server receives it; when the page is current it is written here — 304 when the client holds it, else
// its bytes, gzipped once per render for the clients that take gzip — and Next.js never sees the request.
// Anything else, a miss included (after the cache has rendered what it could), goes to Next.js untouched.
//
// A 304 is one primary-key read of the article's version and a few headers.
import { recordCache } from "@/lib/metrics";
import type { IncomingMessage, ServerResponse } from "node:http";
import { TOKEN_COOKIE } from "@/lib/auth/constants";
import { canonicalPagePath } from "@/lib/seo/canonical-path";
import { PUBLIC_PAGE_CACHE_CONTROL } from "@/lib/seo/page-headers";
import { httpDate, notModified } from "./conditional-get";
import { header, headersOf, requestCameOverHttps, sendBody, type FrontAnswer } from "./front-door";
import { CACHE_STATUS_HEADER, isCacheablePageRequest, pageCache, RENDER_HEADER, type CachedPage } from "./page-cache-slot";
import { contentSecurityPolicy, HSTS } from "./security-headers";

/** Headers of the visitor's own request (its id, its scheme's), never the render's: set below or by the front door. */
const THIS_REQUEST = new Set(["x-request-id", "strict-transport-security", "content-security-policy"]);

const SESSION = new RegExp(`(?:^|;)\\s*${TOKEN_COOKIE}=`);

/** The path a kept page may answer, or null when the request must go to Next.js. */
export function keptPagePath(req: IncomingMessage, renderSecret: string): string | null {
  const url = req.url ?? "";
  if (url.includes("?") || url.includes("#") || canonicalPagePath(url) !== null) return null;
  if (header(req, RENDER_HEADER) === renderSecret) return null; // the caches' own renders go to Next.js
  const hasSession = SESSION.test(header(req, "cookie") ?? "");
  return isCacheablePageRequest({ method: req.method ?? "", pathname: url, search: "", headers: headersOf(req), hasSession }) ? url : null;
}

/** Writes the kept page (or its 304) with every header the proxy and Next.js would have sent. */
export function writeKeptPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const https = requestCameOverHttps(req);
  const vary = new Set<string>();
  for (const [name, value] of page.headers) {
    if (THIS_REQUEST.has(name)) continue;
    if (name === "vary") value.split(",").forEach((v) => vary.add(v.trim()));
    else res.setHeader(name, value);
  }
  vary.add("Accept-Encoding").add("Cookie"); // a shared cache never hands a visitor's copy to a session
  vary.add("X-Forwarded-Proto"); // nor an https visitor's HSTS and upgrade-insecure-requests to an http one
  res.setHeader("vary", [...vary].join(", "));
  res.setHeader("content-security-policy", contentSecurityPolicy({ nonce: page.nonce, dev: process.env.NODE_ENV === "development", https }));
  if (https) res.setHeader("strict-transport-security", HSTS);
  res.setHeader("etag", page.etag);
  res.setHeader("last-modified", httpDate(page.renderedAt));
  res.setHeader("cache-control", PUBLIC_PAGE_CACHE_CONTROL);
  res.setHeader(CACHE_STATUS_HEADER, "hit");
  if (notModified(headersOf(req), page.etag, page.renderedAt)) {
    res.statusCode = 304;
    res.removeHeader("content-type");
    res.end();
    return;
  }
  sendBody(req, res, page, page.html); // gzipped once per render
}

/** The front door's answerer for kept pages: takes a request a kept page may answer, answers it when one is current. */
export const answerKeptPage: FrontAnswer = (req, res) => {
  const cache = pageCache();
  const path = cache && keptPagePath(req, cache.renderSecret);
  if (!cache || !path) return null;
  return cache.lookup(path).then((page) => {
    recordCache("kept_page", page !== null);
    if (!page) return false;
    writeKeptPage(req, res, page);
    return true;
  });
};
