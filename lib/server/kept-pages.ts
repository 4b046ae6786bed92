// A visitor's kept page answered before Next.js (issue 30). A plain GET of `/` or `/articles/{id}` that a
// kept page may answer (page-cache-slot.ts: no session cookie, no query, a document, no router headers) is
// looked up in the pages kept in memory (page-caches.ts) as soon as the server receives it; when the page is
// current it is written here — 304 when the client holds it, else its bytes, gzipped once per render for
// the clients that take gzip — and Next.js never sees the request. Anything else, a miss included (after the
// cache has rendered what it could), goes to Next.js untouched. Installed at start-up on the HTTP server's
// prototype, like the peer-address stamp (instrumentation.ts).
//
// What it saves: Next's routing and proxy pass, and the web-stream plumbing of a response, per request — the
// bulk of a kept page's cost (a 304 is one primary-key read of the article's version and a few headers).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "node:http";
import { gzipSync } from "node:zlib";
import { TOKEN_COOKIE } from "@/lib/auth/constants";
import { canonicalPagePath } from "@/lib/seo/canonical-path";
import { PUBLIC_PAGE_CACHE_CONTROL } from "@/lib/seo/page-headers";
import { errorMessage, log } from "@/lib/log";
import { httpDate, notModified } from "./conditional-get";
import { CACHE_STATUS_HEADER, isCacheablePageRequest, pageCache, RENDER_HEADER, type CachedPage } from "./page-cache-slot";
import { cameOverHttps, contentSecurityPolicy, HSTS } from "./security-headers";

const INSTALLED = Symbol.for("shiyue.kept-pages");
const SESSION = new RegExp(`(?:^|;)\\s*${TOKEN_COOKIE}=`);

/** The request's one value of a header (the first when a client repeats it), or null. */
function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;
}

/** The request's headers as the shared checks read them. */
const headersOf = (req: IncomingMessage) => ({ get: (name: string) => header(req, name), has: (name: string) => req.headers[name] !== undefined });

/** The path a kept page may answer, or null when the request must go to Next.js. */
export function keptPagePath(req: IncomingMessage, renderSecret: string): string | null {
  const url = req.url ?? "";
  if (url.includes("?") || url.includes("#") || canonicalPagePath(url) !== null) return null;
  if (header(req, RENDER_HEADER) === renderSecret) return null; // the caches' own renders go to Next.js
  const hasSession = SESSION.test(header(req, "cookie") ?? "");
  return isCacheablePageRequest({ method: req.method ?? "", pathname: url, search: "", headers: headersOf(req), hasSession }) ? url : null;
}

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

const gzipped = new WeakMap<CachedPage, Buffer>();
/** The page's bytes gzipped, made once per render. */
function gzipOf(page: CachedPage): Buffer {
  let body = gzipped.get(page);
  if (!body) gzipped.set(page, (body = gzipSync(page.html)));
  return body;
}

/** Writes the kept page (or its 304) with every header the proxy and Next.js would have sent. */
export function writeKeptPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const https = cameOverHttps({ protocol: (req.socket as { encrypted?: boolean }).encrypted ? "https:" : "http:" }, header(req, "x-forwarded-proto"));
  const vary = new Set<string>();
  for (const [name, value] of page.headers) {
    if (name === "vary") value.split(",").forEach((v) => vary.add(v.trim()));
    else res.setHeader(name, value);
  }
  vary.add("Accept-Encoding").add("Cookie"); // a shared cache never hands a visitor's copy to a session
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
  const gzip = takesGzip(header(req, "accept-encoding"));
  const body = gzip ? gzipOf(page) : Buffer.from(page.html);
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.setHeader("content-length", body.length);
  res.statusCode = 200;
  res.end(body);
}

/** Answers kept pages before Next.js on every HTTP server of this process (once). */
export function answerKeptPages(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    const pass = () => (emit as (event: string | symbol, ...args: unknown[]) => boolean).call(this, event, ...args);
    const cache = event === "request" ? pageCache() : undefined;
    if (!cache) return pass();
    const [req, res] = args as [IncomingMessage, ServerResponse];
    const path = keptPagePath(req, cache.renderSecret);
    if (!path) return pass();
    cache.lookup(path).then(
      (page) => {
        if (!page || res.headersSent) return void pass();
        try {
          writeKeptPage(req, res, page);
        } catch (err) {
          log.warn("kept_page_write_failed", { path, error: errorMessage(err) });
          if (res.headersSent) res.destroy();
          else pass();
        }
      },
      () => void pass(), // the cache failed: Next.js renders the request as usual
    );
    return true;
  } as typeof emit;
  proto[INSTALLED] = true;
}
