import "server-only";
// The site's digest pages (/daily/{YYYY-MM-DD}) as visitors see them, kept in memory and served as rendered
// (kept-pages.ts: nonce, ETag, 304s), like permalinks. A day's digest is written once; what can change its
// page is an article it cites being hidden (or deleted) since, which removes the points citing it. So every
// request reads the digest's version — its id and how many of its articles are still visible, one lookup on
// the day's unique index and the cited rows' primary keys — and renders again when it moved. No digest that day
// (a past day without one, or today's not made yet): nothing is kept and the request renders as usual.
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import { isStopping } from "./lifecycle";
import { createLru } from "./lru";
import type { CachedPage } from "./page-cache-slot";
import type { RenderPage } from "./page-render";

/** Days kept at most (a page is typically 20–40 kB). */
export const DAILY_CACHE_MAX_PAGES = 90;
const RETRY_MS = 1_000;

type Version = { id: number; shown: number };
type Entry = CachedPage & { version: Version };

/** The day of a site digest path (/daily/2026-11-29), or null. */
export function dailyDay(pathname: string): string | null {
  const m = /^\/daily\/(\d{4}-\d{2}-\d{2})$/.exec(pathname);
  return m ? m[1] : null;
}

async function versionOf(db: Db, day: string): Promise<Version | null> {
  const { rows } = await db.execute<{ id: number; shown: number }>(sql`
    select d.id, (select count(*)::int from articles a where a.id = any(d.article_ids) and a.hidden_at is null) as shown
    from digests d where d.user_id is null and d.day = ${day}`);
  return rows[0] ?? null;
}

export function createDailyCache({ getDb, render, now = Date.now }: { getDb: () => Promise<Db>; render: RenderPage; now?: () => number }) {
  const pages = createLru<string, Entry>({ maxEntries: DAILY_CACHE_MAX_PAGES, maxBytes: 8 * 1024 * 1024, sizeOf: (p) => 2 * p.html.length + 256 });
  const rendering = new Map<string, Promise<Entry | null>>();
  let failedAt = -Infinity;

  function renderAt(day: string, version: Version): Promise<Entry | null> {
    const key = `${day} ${version.id} ${version.shown}`;
    let job = rendering.get(key);
    if (!job) {
      const renderedAt = now();
      job = render(`/daily/${day}`)
        .then((page) => {
          if (!page) return null;
          const entry: Entry = { ...page, version, renderedAt };
          pages.set(day, entry);
          return entry;
        })
        .catch((err: unknown) => {
          failedAt = now();
          log.warn("daily_cache_render_failed", { day, error: errorMessage(err) });
          return null;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, job);
    }
    return job;
  }

  async function lookup(day: string): Promise<CachedPage | null> {
    if (isStopping()) return null;
    let version: Version | null;
    try {
      version = await versionOf(await getDb(), day);
    } catch {
      return null;
    }
    if (!version) {
      pages.delete(day);
      return null;
    }
    const kept = pages.get(day);
    if (kept && kept.version.id === version.id && kept.version.shown === version.shown) return kept;
    if (now() - failedAt < RETRY_MS) return null;
    return renderAt(day, version);
  }

  return { lookup, stats: () => ({ pages: pages.size, bytes: pages.bytes }) };
}
