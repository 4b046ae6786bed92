// Response headers every page carries for search engines and the networks between them and the reader
// (docs/seo.md). `no-transform` tells transcoding proxies — Baidu's mobile transcoding (百度转码) among them —
// to pass the page as it is, not re-render it with their own ads and layout. The rest is what Next.js sends
// for a page rendered per request (pages are not cached by browsers or shared caches).
export const PAGE_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate, no-transform";

/** How long a shared cache (a CDN) may serve a visitor's page without asking: as long as its counters may lag. */
export const PUBLIC_PAGE_FRESH_S = 10;
/** …and then serve it stale while it revalidates behind (a takedown reaches a CDN within the sum: docs/seo.md). */
export const PUBLIC_PAGE_STALE_S = 50;
/**
 * A visitor's page from memory (the anonymous home, permalinks): a CDN may keep and share it; a browser
 * revalidates it every time (max-age=0), which a kept page answers with a 304. Signed-in pages stay private.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_PAGE_FRESH_S}, stale-while-revalidate=${PUBLIC_PAGE_STALE_S}, no-transform`;

/**
 * Whether a path through proxy.ts is a page rather than a file a route handler serves (/feed.xml, the
 * sitemaps, a key file): pages here have no extension. Files keep the Cache-Control their handler chose.
 */
export const isPagePath = (pathname: string) => !/\.[a-z0-9]+$/i.test(pathname);
