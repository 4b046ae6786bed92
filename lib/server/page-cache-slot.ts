// The meeting point between proxy.ts and the cached anonymous home page (home-cache.ts). The web server
// installs the cache on globalThis at start-up; the proxy only reads this slot, so its bundle never pulls
// in the database. No slot (next dev, a tool process) means every request renders as usual.

/** One rendered anonymous home page: its HTML, the nonce it was rendered with, the headers to send back. */
export type CachedPage = { html: string; nonce: string; headers: [string, string][] };

export type HomeCache = {
  /** Sent by the cache's own render request so the proxy lets it through to Next.js. */
  readonly renderSecret: string;
  /** The page when it is current; null (and a render started behind) when it is not. */
  lookup(): Promise<CachedPage | null>;
};

/** Header carrying `renderSecret` on the cache's own requests. */
export const RENDER_HEADER = "x-shiyue-home-render";
/** Response header telling whether the page came from the cache. */
export const CACHE_STATUS_HEADER = "x-home-cache";

const g = globalThis as typeof globalThis & { __shiyueHomeCache?: HomeCache };

export const installHomeCache = (cache: HomeCache | undefined) => {
  g.__shiyueHomeCache = cache;
};

export const homeCache = (): HomeCache | undefined => g.__shiyueHomeCache;

// Client navigations (RSC payloads), prefetches and server actions are never the cached document.
const NEXT_ROUTER_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action"];

/**
 * A request the cached page answers: a plain GET of `/` without a query, a session or router headers, that
 * asks for a document. Next.js strips its router headers and `_rsc` parameter before proxy.ts sees a
 * request, so a client navigation is told apart by Fetch Metadata: every browser Next.js supports sends
 * `Sec-Fetch-Dest: empty` on the router's fetches and `document` on page loads; clients that send none
 * (crawlers, curl) want the HTML.
 */
export function isCacheableHomeRequest(req: { method: string; pathname: string; search: string; headers: Headers; hasSession: boolean }): boolean {
  const dest = req.headers.get("sec-fetch-dest");
  return (
    req.method === "GET" &&
    req.pathname === "/" &&
    req.search === "" &&
    !req.hasSession &&
    (dest === null || dest === "document") &&
    !NEXT_ROUTER_HEADERS.some((h) => req.headers.has(h))
  );
}

/** The cached HTML with every occurrence of the nonce it was rendered with replaced by this response's. */
export const withNonce = (page: CachedPage, nonce: string) => page.html.replaceAll(page.nonce, nonce);
