import "server-only";
// site_counters('articles_version'): bumped by a trigger whenever articles are added, removed or have what a
// card shows edited (migration 0008), not when their counters move. The caches of what visitors see first
// (the feed's page 1, the home page) compare it on every request; one query answers every request that
// arrives while it is in flight.
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { siteCounters } from "@/lib/db/schema";

/** How long a cached page's counters (likes, favourites, views) may lag behind. */
export const COUNTERS_MAX_AGE_MS = 10_000;

export async function articlesVersion(db: Db): Promise<number> {
  const [row] = await db.select({ value: siteCounters.value }).from(siteCounters).where(eq(siteCounters.name, "articles_version"));
  return Number(row?.value ?? 0);
}

/** `articlesVersion` for many callers at once: concurrent calls share one query. */
export function sharedVersionReader(getDb: () => Promise<Db>): () => Promise<number> {
  let inFlight: Promise<number> | null = null;
  return () =>
    (inFlight ??= getDb()
      .then(articlesVersion)
      .finally(() => {
        inFlight = null;
      }));
}
