import "server-only";
// How the visitors' page caches get a page: a request to this same server carrying the per-process render
// secret, so the page is exactly what Next.js would have sent a visitor (no cookie, no query).
import { etagOf } from "./conditional-get";
import { RENDER_HEADER, type RenderedPage } from "./page-cache-slot";

const RENDER_TIMEOUT_MS = 10_000;
// Response headers that describe one response, not the page.
const PER_RESPONSE = new Set(["content-security-policy", "content-length", "content-encoding", "date", "connection", "keep-alive", "transfer-encoding", "set-cookie"]);

export type RenderPage = (path: string) => Promise<RenderedPage | null>;

/**
 * Renders `path` as a visitor sees it. Answers null for a 404 (an unknown article: not kept, not an error)
 * and throws for anything else that is not a 200 HTML page carrying a CSP nonce.
 */
export function pageRenderer({ origin, secret }: { origin: string; secret: string }): RenderPage {
  return async (path) => {
    const res = await fetch(`${origin}${path}`, {
      headers: { [RENDER_HEADER]: secret, "accept-encoding": "identity", accept: "text/html" },
      redirect: "manual",
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    const html = await res.text();
    if (res.status === 404) return null;
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    if (res.status !== 200 || !nonce || !res.headers.get("content-type")?.startsWith("text/html")) {
      throw new Error(`render of ${path} answered ${res.status}`);
    }
    return { html, nonce, headers: [...res.headers].filter(([name]) => !PER_RESPONSE.has(name)), etag: etagOf(html) };
  };
}
