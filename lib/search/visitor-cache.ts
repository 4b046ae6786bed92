import "server-only";
// Visitors' search pages, kept for a moment. Everyone who is not signed in gets the same page for a keyword
// (page 1 only: more needs an account, and a visitor has no read history to leave out), so a crowd
// searching the same words — a topic in the news, the commonest words — is answered from memory instead of
// by the ranking. A page is current while the
// articles version has not moved (a new, removed, hidden, pinned or edited article makes every kept page
// stale at once: lib/articles/version.ts, read on every search and shared by concurrent ones) and for at
// most COUNTERS_MAX_AGE_MS, so the likes and views on its cards lag no more than the cached home page's.
// Signed-in readers are never served from here.
import { recordCache } from "@/lib/metrics";
import { COUNTERS_MAX_AGE_MS } from "@/lib/articles/version";
import { createLru } from "@/lib/server/lru";

/** Pages kept at most (the most recently asked for). */
export const VISITOR_SEARCH_CACHE_MAX_PAGES = 200;
/** Memory kept at most for them, counted as two bytes per character of the cards' text. */
export const VISITOR_SEARCH_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** What a kept page must offer: its cards' text, to count its size. */
type Card = { title: string; content: string | null; summary: string | null };
type Page = { items: Card[] };

type Entry<P> = { page: P; version: number; at: number };

export type VisitorSearchCache<P extends Page> = {
  /**
   * The page for `key` at articles version `version`: kept and fresh, or made by `search` and kept (unless
   * `keep` says it is not worth keeping: a degraded answer). Searches
   * are not shared between callers: each runs in its own request, which may be cancelled when its client
   * goes away (lib/db/request-scope.ts), and the gate already bounds how many run at once.
   */
  page(key: string, version: number, search: () => Promise<P>, keep?: (page: P) => boolean): Promise<P>;
  /** The page for `key` when one is kept and current at articles version `version`, else null. */
  peek(key: string, version: number): P | null;
  /** Pages kept (tests, diagnostics). */
  readonly size: number;
};

export function createVisitorSearchCache<P extends Page>({
  now = () => Date.now(), // read at each call: the clock a test installs holds for a cache made before it
  maxPages = VISITOR_SEARCH_CACHE_MAX_PAGES,
  maxBytes = VISITOR_SEARCH_CACHE_MAX_BYTES,
}: { now?: () => number; maxPages?: number; maxBytes?: number } = {}): VisitorSearchCache<P> {
  const sizeOf = (e: Entry<P>) => 256 + e.page.items.reduce((n, c) => n + 256 + 2 * (c.title.length + (c.content?.length ?? 0) + (c.summary?.length ?? 0)), 0);
  const kept = createLru<string, Entry<P>>({ maxEntries: maxPages, maxBytes, sizeOf });

  const current = (key: string, version: number) => {
    const found = kept.get(key);
    return found && found.version === version && now() - found.at <= COUNTERS_MAX_AGE_MS ? found.page : null;
  };

  return {
    async page(key, version, search, keep = () => true) {
      const found = current(key, version);
      recordCache("visitor_search", found !== null);
      if (found) return found;
      const at = now();
      const page = await search();
      if (!keep(page)) return page;
      // A page made for an older version than one kept meanwhile does not replace it.
      const latest = kept.get(key);
      if (!latest || latest.version <= version) kept.set(key, { page, version, at });
      return page;
    },
    peek: current,
    get size() {
      return kept.size;
    },
  };
}
