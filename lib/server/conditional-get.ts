// Conditional GETs (RFC 9110 §13): a crawler, a feed reader or a CDN that already holds a document sends back
// its validators, and an unchanged document answers 304 without a body. Used by the pages kept for visitors
// (kept-pages.ts), the sitemaps and the site's own feeds.
import { createHash } from "node:crypto";

/**
 * An ETag for these bytes (the page's HTML, nonce included: one ETag per render). Weak: the same page is sent
 * gzipped or not, and a strong tag would have to differ between the two.
 */
export const etagOf = (body: string) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** A time (ms) as an HTTP-date (whole seconds, as Last-Modified carries them). */
export const httpDate = (ms: number) => new Date(ms).toUTCString();

const opaque = (tag: string) => tag.replace(/^W\//, "");

/** Whether an If-None-Match value names `etag` (weak comparison, as for GET; `*` names any). */
export function namesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => opaque(tag.trim()) === opaque(etag));
}

/**
 * Whether a GET carrying these request headers may be answered 304 for a document with this `etag` and
 * `lastModified` (ms, or null when unknown). If-None-Match decides when present; If-Modified-Since is read only
 * without it, and only when it is a valid HTTP-date: the document is unchanged when it last changed within
 * that second or before.
 */
export function notModified(headers: { get(name: string): string | null }, etag: string, lastModified: number | null): boolean {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) return namesEtag(ifNoneMatch, etag);
  const since = Date.parse(headers.get("if-modified-since") ?? "");
  return lastModified !== null && Number.isFinite(since) && Math.floor(lastModified / 1000) * 1000 <= since;
}
