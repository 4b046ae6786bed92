// The meeting point between the server's front door (kept-pages.ts, which answers visitors' kept pages
// before Next.js) and the pages kept in memory for visitors (page-caches.ts): the anonymous home page
// (home-cache.ts) and article permalinks (permalink-cache.ts). The web server installs them on globalThis at
// start-up. No slot (a tool process) means every request renders as usual.

/** One rendered anonymous page: its HTML, the nonce it was rendered with, the headers to send back, its ETag. */
export type RenderedPage = { html: string; nonce: string; headers: [string, string][]; etag: string };
/**
 * A page as kept-pages.ts serves it: sent as it was rendered, nonce included (the same bytes to every visitor and
 * CDN until it is rendered again: docs/security.md), with validators for conditional GETs. `renderedAt` is its
 * Last-Modified.
 */
export type CachedPage = RenderedPage & { renderedAt: number };

export type PageCache = {
  /** Sent by the caches' own render requests so kept-pages.ts sends them on to Next.js. */
  readonly renderSecret: string;
  /** The page for this path when one is kept and current; null to render the request as usual. */
  lookup(pathname: string): Promise<CachedPage | null>;
};

/** Header carrying `renderSecret` on the caches' own requests. */
export const RENDER_HEADER = "x-shiyue-page-render";
/** Response header telling that the page came from memory (`hit`). */
export const CACHE_STATUS_HEADER = "x-page-cache";

const g = globalThis as typeof globalThis & { __shiyuePageCache?: PageCache };

export const installPageCache = (cache: PageCache | undefined) => {
  g.__shiyuePageCache = cache;
};

export const pageCache = (): PageCache | undefined => g.__shiyuePageCache;

/** The article id of a permalink path (`/articles/123`), or null. Ids as findArticle accepts them. */
export function permalinkId(pathname: string): number | null {
  const m = /^\/articles\/(\d{1,9})$/.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** The site's digest of a day (/daily/2026-11-29). */
const DAILY_PATH = /^\/daily\/\d{4}-\d{2}-\d{2}$/;

/** Paths whose visitors' page may come from memory: the home page, article permalinks and the site's digests. */
export const isCachedPath = (pathname: string) => pathname === "/" || permalinkId(pathname) !== null || DAILY_PATH.test(pathname);

// Client navigations (RSC payloads), prefetches and server actions are never the cached document.
const NEXT_ROUTER_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action"];

/**
 * A request a cached page answers: a plain GET of `/` or `/articles/{id}` without a query, a session or
 * router headers, that asks for a document. It is decided on the request as the server receives it
 * (kept-pages.ts), router headers and all; Fetch Metadata tells a client navigation apart too: every browser
 * Next.js supports sends `Sec-Fetch-Dest: empty` on the router's fetches and `document` on page loads;
 * clients that send none (crawlers, curl) want the HTML.
 */
export function isCacheablePageRequest(req: { method: string; pathname: string; search: string; headers: Pick<Headers, "get" | "has">; hasSession: boolean }): boolean {
  const dest = req.headers.get("sec-fetch-dest");
  return (
    req.method === "GET" &&
    isCachedPath(req.pathname) &&
    req.search === "" &&
    !req.hasSession &&
    (dest === null || dest === "document") &&
    !NEXT_ROUTER_HEADERS.some((h) => req.headers.has(h))
  );
}
