// Step 4 of a request (lib/server/pipeline.ts): a few requests are answered before Next.js sees them — /metrics
// to its token (lib/metrics/serve.ts), visitors' kept pages (kept-pages.ts) and visitors' kept search pages
// (kept-searches.ts). Each answerer looks at a request as the server receives it and either declines at once
// (null: the request goes to Next.js untouched) or takes it and settles whether it answered (false: it found
// nothing current, and Next.js answers as usual). This module holds their contract and what they share.
//
// What it saves: Next's routing and proxy pass and the web-stream plumbing of a response, per request — the
// bulk of what a response from memory costs.
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";

/** Null: not this answerer's request. Else whether it answered (false: Next.js answers). */
export type FrontAnswer = (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | null;

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
