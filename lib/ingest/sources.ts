import "server-only";
// Feed sources (the feed_sources table): add, list with health, remove, and the scheduler's claim. A claim
// pushes the source's next poll a lease ahead (FOR UPDATE SKIP LOCKED), so two processes never poll the
// same source at once, and a source whose poller died is simply due again when the lease runs out.
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles, feedSources, type FeedSource } from "@/lib/db/schema";
import { detectPlatform, platformByKey } from "@/lib/articles/platforms";
import { checkUrl } from "@/lib/summary/ssrf";
import { MAX_FEED_ITEMS, MAX_FEED_ITEMS_LIMIT } from "./feed-common";
import { UNHEALTHY_AFTER } from "./schedule";

export const CLAIM_LEASE_SECONDS = 300;
export const DEFAULT_INTERVAL_SECONDS = 1800;

export class SourceError extends Error {}

/** Throws SourceError unless `maxItems` is a whole number from 1 to MAX_FEED_ITEMS_LIMIT. */
export function checkMaxItems(maxItems: number): number {
  if (!Number.isInteger(maxItems) || maxItems < 1 || maxItems > MAX_FEED_ITEMS_LIMIT) {
    throw new SourceError(`每次抓取的条数需要是 1 到 ${MAX_FEED_ITEMS_LIMIT} 之间的整数（当前：${maxItems}）`);
  }
  return maxItems;
}

export type SourceHealth = "healthy" | "failing" | "unhealthy" | "new" | "disabled";
export type SourceRow = FeedSource & { articleCount: number; health: SourceHealth };

export function healthOf(source: FeedSource): SourceHealth {
  if (!source.enabled) return "disabled";
  if (source.errorCount >= UNHEALTHY_AFTER) return "unhealthy";
  if (source.errorCount > 0) return "failing";
  return source.lastSuccessAt ? "healthy" : "new";
}

/**
 * Adds a source (the same URL twice is one source). The URL is checked like any fetched URL but kept as
 * given, query included: a feed's parameters select its content. Throws SourceError in Chinese.
 */
export async function addSource({
  db,
  url,
  platform,
  intervalSeconds = DEFAULT_INTERVAL_SECONDS,
  allowPrivate = false,
  title = null,
  maxItems = MAX_FEED_ITEMS,
}: {
  db: Db;
  url: string;
  platform?: string | null;
  intervalSeconds?: number;
  allowPrivate?: boolean;
  title?: string | null;
  /** How many of the feed's newest items each poll keeps. */
  maxItems?: number;
}): Promise<{ source: FeedSource; created: boolean }> {
  checkMaxItems(maxItems);
  const checked = checkUrl(url.trim());
  if (!checked.ok) throw new SourceError(`订阅源地址无效：${checked.reason}`);
  if (platform && !platformByKey(platform)) throw new SourceError(`未知的平台：${platform}`);
  checked.url.hash = "";
  const normalized = checked.url.href;
  const [existing] = await db.select().from(feedSources).where(eq(feedSources.url, normalized));
  if (existing) return { source: existing, created: false };
  const [row] = await db
    .insert(feedSources)
    .values({ url: normalized, platform: platform ?? detectPlatform(normalized)?.key ?? null, intervalSeconds, allowPrivate, title, maxItems })
    .onConflictDoNothing({ target: feedSources.url })
    .returning();
  if (row) return { source: row, created: true };
  const [raced] = await db.select().from(feedSources).where(eq(feedSources.url, normalized));
  return { source: raced, created: false };
}

/** A source by id or by URL. */
export async function findSource({ db, ref }: { db: Db; ref: string }): Promise<FeedSource | null> {
  const text = ref.trim();
  const asUrl = URL.canParse(text) ? new URL(text) : null;
  if (asUrl) asUrl.hash = "";
  const where = /^\d{1,9}$/.test(text) ? eq(feedSources.id, Number(text)) : eq(feedSources.url, asUrl?.href ?? text);
  const [row] = await db.select().from(feedSources).where(where);
  return row ?? null;
}

/**
 * Changes a source's settings; answers the updated source, or null when there is none. Raising `maxItems`
 * forgets the feed's ETag and Last-Modified, so the next poll reads the whole feed (not a 304) and keeps
 * the older items it skipped before. Throws SourceError in Chinese.
 */
export async function updateSource({
  db,
  ref,
  maxItems,
  intervalSeconds,
}: {
  db: Db;
  ref: string;
  maxItems?: number;
  intervalSeconds?: number;
}): Promise<FeedSource | null> {
  if (maxItems !== undefined) checkMaxItems(maxItems);
  const source = await findSource({ db, ref });
  if (!source) return null;
  const raised = maxItems !== undefined && maxItems > source.maxItems;
  const [row] = await db
    .update(feedSources)
    .set({
      maxItems: maxItems ?? source.maxItems,
      intervalSeconds: intervalSeconds ?? source.intervalSeconds,
      ...(raised ? { etag: null, lastModified: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(feedSources.id, source.id))
    .returning();
  return row ?? null;
}

/** Removes a source; its articles stay in the feed (their feed_source_id becomes null). */
export async function removeSource({ db, ref }: { db: Db; ref: string }): Promise<FeedSource | null> {
  const source = await findSource({ db, ref });
  if (!source) return null;
  await db.delete(feedSources).where(eq(feedSources.id, source.id));
  return source;
}

export async function listSources({ db }: { db: Db }): Promise<SourceRow[]> {
  const counts = db
    .select({ sourceId: articles.feedSourceId, n: sql<number>`count(*)::int`.as("n") })
    .from(articles)
    .where(sql`${articles.feedSourceId} is not null`)
    .groupBy(articles.feedSourceId)
    .as("counts");
  const rows = await db
    .select({ source: feedSources, n: counts.n })
    .from(feedSources)
    .leftJoin(counts, eq(counts.sourceId, feedSources.id))
    .orderBy(asc(feedSources.id));
  return rows.map(({ source, n }) => ({ ...source, articleCount: n ?? 0, health: healthOf(source) }));
}

/**
 * Claims up to `limit` sources due at `now` (or exactly `ids`, due or not, for a manual poll) and moves
 * their next poll a lease ahead. Oldest due first.
 */
export async function claimSources({ db, now, limit, ids }: { db: Db; now: Date; limit: number; ids?: number[] }): Promise<FeedSource[]> {
  const lease = new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000);
  const due = ids
    ? sql`id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`
    : sql`enabled and next_poll_at <= ${now.toISOString()}::timestamptz`;
  const result = await db.execute<{ id: number }>(sql`
    update feed_sources set next_poll_at = ${lease.toISOString()}::timestamptz, updated_at = now()
    where id in (
      select id from feed_sources where ${due}
      order by next_poll_at, id
      for update skip locked
      limit ${limit}
    )
    returning id`);
  const claimed = result.rows.map((r) => Number(r.id));
  if (!claimed.length) return [];
  return db
    .select()
    .from(feedSources)
    .where(sql`${feedSources.id} in (${sql.join(claimed.map((id) => sql`${id}`), sql`, `)})`)
    .orderBy(asc(feedSources.nextPollAt), asc(feedSources.id));
}
