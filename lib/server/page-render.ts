import "server-only";
// How the visitors' page caches get a page: a request to this same server carrying the per-process render
// secret, so the page is exactly what Next.js would have sent a visitor (no cookie, no query). Made with
// node:http over kept-alive connections (global fetch's web streams cost a cold permalink about a millisecond
// more of the event loop for the same bytes).
import { Agent, request } from "node:http";
import { etagOf } from "./conditional-get";
import { RENDER_HEADER, type RenderedPage } from "./page-cache-slot";

const RENDER_TIMEOUT_MS = 10_000;
// Response headers that describe one response, not the page (the request id and the scheme's headers are the
// visitor's request's own: kept-pages.ts writes them).
const PER_RESPONSE = new Set([
  "content-security-policy",
  "strict-transport-security",
  "x-request-id",
  "content-length",
  "content-encoding",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "set-cookie",
]);

export type RenderPage = (path: string) => Promise<RenderedPage | null>;

type Answer = { status: number; headers: [string, string][]; html: string };

/** GET `path` from `origin` with `headers`: the status, the headers (lower-case names, one value each) and the body. */
function get(agent: Agent, origin: URL, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: origin.hostname.replace(/^\[(.*)\]$/, "$1"), port: origin.port, path, headers, timeout: RENDER_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) pairs.push([name, Array.isArray(value) ? value.join(", ") : value]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, html: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("timeout", () => req.destroy(new Error(`render of ${path} took longer than ${RENDER_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end();
  });
}

/**
 * Renders `path` as a visitor sees it. Answers null for a 404 (an unknown article: not kept, not an error)
 * and throws for anything else that is not a 200 HTML page carrying a CSP nonce.
 */
export function pageRenderer({ origin, secret }: { origin: string; secret: string }): RenderPage {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const at = new URL(origin);
  return async (path) => {
    const res = await get(agent, at, path, { [RENDER_HEADER]: secret, "accept-encoding": "identity", accept: "text/html" });
    if (res.status === 404) return null;
    const header = (name: string) => res.headers.find(([n]) => n === name)?.[1] ?? null;
    const nonce = /'nonce-([^']+)'/.exec(header("content-security-policy") ?? "")?.[1];
    if (res.status !== 200 || !nonce || !header("content-type")?.startsWith("text/html")) {
      throw new Error(`render of ${path} answered ${res.status}`);
    }
    return { html: res.html, nonce, headers: res.headers.filter(([name]) => !PER_RESPONSE.has(name)), etag: etagOf(res.html) };
  };
}
