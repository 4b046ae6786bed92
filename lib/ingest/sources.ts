import "server-only";
// Feed sources (the feed_sources table): add, change, pause, list with health, remove, and the scheduler's
// claim. `npm run feeds` and the console (lib/admin/sources.ts) both go through these, so a rule lives here
// once. A claim pushes the source's next poll a lease ahead (FOR UPDATE SKIP LOCKED), so two processes never
// poll the same source at once, and a source whose poller died is simply due again when the lease runs out.
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { feedSources, type FeedSource } from "@/lib/db/schema";
import { detectPlatform, platformByKey } from "@/lib/articles/platforms";
import { checkUrl } from "@/lib/summary/ssrf";
import { MAX_FEED_ITEMS, MAX_FEED_ITEMS_LIMIT } from "./feed-common";
import { DEFAULT_INTERVAL_SECONDS, formatInterval, MAX_DELAY_SECONDS, MIN_INTERVAL_SECONDS, UNHEALTHY_AFTER } from "./schedule";

export const CLAIM_LEASE_SECONDS = 300;

export class SourceError extends Error {}

/** The database or a transaction: the console runs these inside its audited transaction. */
type Conn = Db | Tx;

/** Throws SourceError unless `maxItems` is a whole number from 1 to MAX_FEED_ITEMS_LIMIT. */
export function checkMaxItems(maxItems: number): number {
  if (!Number.isInteger(maxItems) || maxItems < 1 || maxItems > MAX_FEED_ITEMS_LIMIT) {
    throw new SourceError(`每次抓取的条数需要是 1 到 ${MAX_FEED_ITEMS_LIMIT} 之间的整数（当前：${maxItems}）`);
  }
  return maxItems;
}

/** Throws SourceError unless `seconds` is a whole number of seconds from 1 minute to 1 day. */
export function checkInterval(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < MIN_INTERVAL_SECONDS || seconds > MAX_DELAY_SECONDS) {
    throw new SourceError(`抓取间隔需要 1 分钟到 1 天之间（当前：${Number.isInteger(seconds) && seconds > 0 ? formatInterval(seconds) : seconds}）`);
  }
  return seconds;
}

/** A platform key as given, or null for 自动识别 (unset or empty); throws SourceError for an unknown one. */
function checkPlatform(platform: string | null | undefined): string | null {
  if (!platform) return null;
  if (!platformByKey(platform)) throw new SourceError(`未知的平台：${platform}`);
  return platform;
}

export type SourceHealth = "healthy" | "failing" | "unhealthy" | "new" | "disabled";
/** How `npm run feeds -- list` and the console name a source's health. */
export const HEALTH_LABELS: Record<SourceHealth, string> = { healthy: "正常", failing: "出错", unhealthy: "异常", new: "待抓取", disabled: "已停用" };
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
  db: Conn;
  url: string;
  /** A key of PLATFORMS; unset, null or empty: detected from the feed's host (or per article). */
  platform?: string | null;
  intervalSeconds?: number;
  allowPrivate?: boolean;
  title?: string | null;
  /** How many of the feed's newest items each poll keeps. */
  maxItems?: number;
}): Promise<{ source: FeedSource; created: boolean }> {
  checkMaxItems(maxItems);
  checkInterval(intervalSeconds);
  const checked = checkUrl(url.trim());
  if (!checked.ok) throw new SourceError(`订阅源地址无效：${checked.reason}`);
  platform = checkPlatform(platform);
  checked.url.hash = "";
  const normalized = checked.url.href;
  const [existing] = await db.select().from(feedSources).where(eq(feedSources.url, normalized));
  if (existing) return { source: existing, created: false };
  const [row] = await db
    .insert(feedSources)
    // Due at once, by the application's clock: the scheduler claims with `new Date()` (milliseconds), and the
    // database's now() (microseconds, and another host's clock) could put a new source just after that.
    .values({ url: normalized, platform: platform ?? detectPlatform(normalized)?.key ?? null, intervalSeconds, allowPrivate, title, maxItems, nextPollAt: new Date() })
    .onConflictDoNothing({ target: feedSources.url })
    .returning();
  if (row) return { source: row, created: true };
  const [raced] = await db.select().from(feedSources).where(eq(feedSources.url, normalized));
  return { source: raced, created: false };
}

/** A source by id or by URL. */
export async function findSource({ db, ref, lock = false }: { db: Conn; ref: string | number; lock?: boolean }): Promise<FeedSource | null> {
  const text = String(ref).trim();
  const asUrl = URL.canParse(text) ? new URL(text) : null;
  if (asUrl) asUrl.hash = "";
  const where = /^\d{1,9}$/.test(text) ? eq(feedSources.id, Number(text)) : eq(feedSources.url, asUrl?.href ?? text);
  const query = db.select().from(feedSources).where(where);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** What an operator may change on a source; a field left out stays as it is. */
export type SourceChanges = {
  maxItems?: number;
  intervalSeconds?: number;
  /** A key of PLATFORMS, or null (or "") for 自动识别 from the feed's host. */
  platform?: string | null;
  /** false pauses the source (the scheduler skips it), true resumes it (due at once if its time has passed). */
  enabled?: boolean;
  allowPrivate?: boolean;
};

/**
 * Changes a source's settings; answers the updated source, or null when there is none. A field given with
 * the value it already has changes nothing (no write at all when none differs). Raising `maxItems` forgets
 * the feed's ETag and Last-Modified, so the next poll reads the whole feed (not a 304) and keeps the older
 * items it skipped before. A new platform applies to the articles collected from then on. Throws SourceError
 * in Chinese.
 */
export async function updateSource({ db, ref, ...changes }: { db: Conn; ref: string | number } & SourceChanges): Promise<FeedSource | null> {
  const { maxItems, intervalSeconds, enabled, allowPrivate } = changes;
  if (maxItems !== undefined) checkMaxItems(maxItems);
  if (intervalSeconds !== undefined) checkInterval(intervalSeconds);
  const platform = changes.platform === undefined ? undefined : checkPlatform(changes.platform);
  const source = await findSource({ db, ref, lock: true });
  if (!source) return null;
  const next = {
    maxItems: maxItems ?? source.maxItems,
    intervalSeconds: intervalSeconds ?? source.intervalSeconds,
    platform: platform === undefined ? source.platform : (platform ?? detectPlatform(source.url)?.key ?? null),
    enabled: enabled ?? source.enabled,
    allowPrivate: allowPrivate ?? source.allowPrivate,
  };
  if ((Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === source[k])) return source;
  const raised = next.maxItems > source.maxItems;
  const [row] = await db
    .update(feedSources)
    .set({ ...next, ...(raised ? { etag: null, lastModified: null } : {}), updatedAt: new Date() })
    .where(eq(feedSources.id, source.id))
    .returning();
  return row ?? null;
}

/** Removes a source; its articles stay in the feed (their feed_source_id becomes null). */
export async function removeSource({ db, ref }: { db: Conn; ref: string | number }): Promise<FeedSource | null> {
  const source = await findSource({ db, ref, lock: true });
  if (!source) return null;
  await db.delete(feedSources).where(eq(feedSources.id, source.id));
  return source;
}

/**
 * Every source with its health and how many articles it collected. Each count reads that source's range of
 * articles_feed_guid_key (feed_source_id, guid) as an index-only scan, never the articles table: about 180 ms
 * for 1,000,000 collected articles over 200 sources on PostgreSQL 15 (a GROUP BY over all articles chose a
 * parallel sequential scan of the table there, 1.6 s).
 */
export async function listSources({ db, id }: { db: Conn; /** Only this source. */ id?: number }): Promise<SourceRow[]> {
  const rows = await db
    .select({ source: feedSources, n: sql<number>`(select count(*)::int from articles a where a.feed_source_id = feed_sources.id)` })
    .from(feedSources)
    .where(id === undefined ? undefined : eq(feedSources.id, id))
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
