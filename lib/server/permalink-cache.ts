import "server-only";
// Article permalinks as visitors see them, kept in memory (the most recently used pages, bounded in count and
// size) and served as they were rendered (kept-pages.ts: their nonce, an ETag, 304s). Every request reads the article's
// version (lib/articles/version.ts: one primary-key lookup, shared by concurrent requests for the article):
// - no such article: nothing is kept and the request renders as usual (its 404 is never cached);
// - its page was edited since the render (updated_at, moved by a trigger): rendered again before answering;
// - only its counters moved (the row version differs): served while at most COUNTERS_MAX_AGE_MS old;
// - nothing moved: served, however old;
// - an article the page links to (its related articles) was hidden or deleted: rendered again, so a takedown
//   holds in kept pages too (an edit of a linked article's title waits for the page's own next render).
// A new article elsewhere in the collection leaves every kept page as it is. A render is a request to this
// same server (page-render.ts) that the visitor's request waits for; concurrent requests for the same
// article share it (unless it was edited since it started), so a page costs one render however many
// visitors arrive at once, and likes landing meanwhile do not start more.
import { COUNTERS_MAX_AGE_MS, sharedArticleVersionReader, type ArticleVersion } from "@/lib/articles/version";
import type { Db } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import { isStopping } from "./lifecycle";
import { createLru } from "./lru";
import type { CachedPage } from "./page-cache-slot";
import type { RenderPage } from "./page-render";

/** Pages kept at most (the most recently asked for). */
export const PERMALINK_CACHE_MAX_PAGES = 500;
/** Memory kept at most for them, counted as two bytes per character (a page is typically 30–60 kB). */
export const PERMALINK_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** After a failed render, requests render as usual for this long before the cache tries again. */
const RETRY_MS = 1_000;

type Entry = CachedPage & { version: ArticleVersion; renderedAt: number; links: number[] };

/** The other articles a rendered permalink links to (/articles/{id} in an href), each once. */
export function linkedArticleIds(html: string, self: number): number[] {
  const ids = new Set<number>();
  for (const [, id] of html.matchAll(/href="\/articles\/(\d{1,9})"/g)) if (Number(id) !== self) ids.add(Number(id));
  return [...ids];
}

export type PermalinkCacheOptions = {
  getDb: () => Promise<Db>;
  render: RenderPage;
  now?: () => number;
  maxPages?: number;
  maxBytes?: number;
};

export type PermalinkCache = {
  /** The article's page, current as above; null when the request should render as usual. */
  lookup(id: number): Promise<CachedPage | null>;
  /** Pages kept and their size (tests, diagnostics). */
  stats(): { pages: number; bytes: number };
};

const sizeOf = (page: Entry) => 2 * (page.html.length + page.headers.reduce((n, [k, v]) => n + k.length + v.length, 0)) + 256;

export function createPermalinkCache({
  getDb,
  render,
  now = Date.now,
  maxPages = PERMALINK_CACHE_MAX_PAGES,
  maxBytes = PERMALINK_CACHE_MAX_BYTES,
}: PermalinkCacheOptions): PermalinkCache {
  const pages = createLru<number, Entry>({ maxEntries: maxPages, maxBytes, sizeOf });
  const versionOf = sharedArticleVersionReader(getDb);
  const rendering = new Map<string, Promise<Entry | null>>();
  let failedAt = -Infinity;

  /**
   * Renders the page of `version` (read before the render: an edit during it leaves the page stale). A request
   * joins a render under way for the same edit of the article even when counters moved since it started: its
   * counters are as old as that render, not older.
   */
  function renderAt(id: number, version: ArticleVersion): Promise<Entry | null> {
    const key = `${id} ${version.edited}`;
    let job = rendering.get(key);
    if (!job) {
      const renderedAt = now(); // counters are as old as the version read, not as the render's end
      job = render(`/articles/${id}`)
        .then((page) => {
          if (!page) {
            pages.delete(id); // removed meanwhile
            return null;
          }
          const entry: Entry = { ...page, version, renderedAt, links: linkedArticleIds(page.html, id) };
          const kept = pages.get(id);
          if (!kept || kept.renderedAt <= renderedAt) pages.set(id, entry);
          return entry;
        })
        .catch((err: unknown) => {
          failedAt = now();
          log.warn("permalink_cache_render_failed", { id, error: errorMessage(err) });
          return null;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, job);
    }
    return job;
  }

  async function lookup(id: number): Promise<CachedPage | null> {
    if (isStopping()) return null;
    let version: ArticleVersion | null;
    const kept = pages.get(id);
    const started = performance.now();
    try {
      version = await versionOf(id, kept?.links);
    } catch {
      return null; // the database is unreachable: the normal render answers with its own error
    }
    if (!version) {
      pages.delete(id);
      return null;
    }
    const current = pages.get(id);
    if (current && current.version.edited === version.edited && (current !== kept || version.linkedVisible === current.links.length)) {
      if (current.version.row === version.row || now() - current.renderedAt <= COUNTERS_MAX_AGE_MS) return current;
    }
    if (now() - failedAt < RETRY_MS) return null;
    const versionMs = performance.now() - started;
    const rendered = await renderAt(id, version);
    // Where a cold permalink's time goes (LOG_LEVEL=debug): its version's read, then its render.
    log.debug("permalink_rendered", { id, versionMs: Math.round(versionMs * 10) / 10, renderMs: Math.round((performance.now() - started - versionMs) * 10) / 10 });
    return rendered;
  }

  return { lookup, stats: () => ({ pages: pages.size, bytes: pages.bytes }) };
}
