import "server-only";
// The anonymous home page (feed page 1, no query, no session) rendered once and served from memory, as it
// was rendered (kept-pages.ts: its nonce, an ETag, 304s). It is current while the articles version
// (lib/articles/version.ts) has not moved since it was rendered — checked against the database on every
// request, so every instance shows new articles at once. Counters on the cards (likes, favourites, views)
// may lag by up to COUNTERS_MAX_AGE_MS: an older page is still served while a fresh one renders behind it.
// Renders go through page-render.ts (a request to this same server); one render at a time.
import { COUNTERS_MAX_AGE_MS, sharedVersionReader } from "@/lib/articles/version";
import type { Db } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import type { CachedPage } from "./page-cache-slot";
import type { RenderPage } from "./page-render";
import { isStopping } from "./lifecycle";

/** After a failed render, requests wait this long before starting another (each still gets a normal render). */
const RETRY_MS = 1_000;

type Entry = CachedPage & { version: number; renderedAt: number };

export type HomeCacheOptions = { getDb: () => Promise<Db>; render: RenderPage; now?: () => number };
export type HomeCache = {
  /** The page when it is current; null (and a render started behind) when it is not. */
  lookup(): Promise<CachedPage | null>;
  /** Starts a render unless one is running; resolves when it is done. */
  refresh(): Promise<void>;
};

export function createHomeCache({ getDb, render, now = Date.now }: HomeCacheOptions): HomeCache {
  let entry: Entry | null = null;
  let rendering: Promise<void> | null = null;
  let failedAt = -Infinity;
  const currentVersion = sharedVersionReader(getDb);

  async function renderEntry(): Promise<void> {
    const version = await currentVersion(); // read first: a change during the render makes the page stale
    const page = await render("/");
    if (!page) throw new Error("home page render answered 404");
    entry = { ...page, version, renderedAt: now() };
  }

  /** Failures are logged and leave the cache as it was. */
  function refresh(): Promise<void> {
    rendering ??= renderEntry()
      .catch((err) => {
        failedAt = now();
        log.warn("home_cache_render_failed", { error: errorMessage(err) });
      })
      .finally(() => {
        rendering = null;
      });
    return rendering;
  }

  async function lookup(): Promise<CachedPage | null> {
    if (isStopping()) return null;
    let version: number;
    try {
      version = await currentVersion();
    } catch {
      return null; // the database is unreachable: the normal render answers with its own error
    }
    const page = entry;
    if (!page || page.version !== version) {
      if (now() - failedAt >= RETRY_MS) void refresh();
      return null;
    }
    if (now() - page.renderedAt > COUNTERS_MAX_AGE_MS) void refresh();
    return page;
  }

  return { lookup, refresh };
}
