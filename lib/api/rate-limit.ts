import "server-only";
// Rate limits stored in the database, so they hold across instances. One row per key counts events from
// the first one in a window; `hit` adds one atomically and reports whether the limit is exceeded.
// A `blockMs` turns reaching the limit into a lock-out that lasts that long from the last event
// (login: 10 failures in 15 minutes → 15 minutes of 429).
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { ApiError } from "./errors";

export type LimitRule = { limit: number; windowMs: number; blockMs?: number };
export type LimitState = { count: number; limited: boolean; retryAfterSec: number; windowStart: Date };

function state(count: number, windowStart: Date, expiresAt: Date, limit: number, now: Date): LimitState {
  return {
    count,
    windowStart,
    limited: count >= limit,
    retryAfterSec: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Counts one event for `key` and returns the state after it (limited once count reaches the limit). */
export async function hit(db: Db, key: string, rule: LimitRule, now = new Date()): Promise<LimitState> {
  const windowEnd = new Date(now.getTime() + rule.windowMs);
  const blockEnd = new Date(now.getTime() + (rule.blockMs ?? 0));
  const expired = sql`${rateLimits.expiresAt} <= ${now}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, expiresAt: rule.limit <= 1 && rule.blockMs ? blockEnd : windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${rateLimits.windowStart} end`,
        expiresAt: rule.blockMs
          ? sql`case when ${expired} then ${windowEnd}
              when ${rateLimits.count} + 1 >= ${rule.limit} then greatest(${rateLimits.expiresAt}, ${blockEnd})
              else ${rateLimits.expiresAt} end`
          : sql`case when ${expired} then ${windowEnd} else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart, expiresAt: rateLimits.expiresAt });
  return state(row.count, row.windowStart, row.expiresAt, rule.limit, now);
}

/**
 * Counts one event for each of `keys` in one statement (one round trip, one commit) and returns their states in
 * the order given; each row is counted atomically as `hit` counts it. Windows only (no `blockMs`); the keys must
 * differ. Rows are locked in the order given: callers list their keys in one fixed order, so two statements never
 * wait on each other crosswise.
 */
export async function hitAll(db: Db, keys: { key: string; rule: LimitRule }[], now = new Date()): Promise<LimitState[]> {
  const expired = sql`${rateLimits.expiresAt} <= ${now}`;
  const rows = await db
    .insert(rateLimits)
    .values(keys.map(({ key, rule }) => ({ key, count: 1, windowStart: now, expiresAt: new Date(now.getTime() + rule.windowMs) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart, expiresAt: rateLimits.expiresAt });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map(({ key, rule }) => {
    const r = byKey.get(key)!;
    return state(r.count, r.windowStart, r.expiresAt, rule.limit, now);
  });
}

/** The current state of `key` without counting (limited when the count already reached the limit). */
export async function peek(db: Db, key: string, rule: LimitRule, now = new Date()): Promise<LimitState> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.expiresAt <= now) return { count: 0, limited: false, retryAfterSec: 0, windowStart: now };
  return state(row.count, row.windowStart, row.expiresAt, rule.limit, now);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Removes rows that expired more than a day ago (called now and then, never on a hot path alone). */
export async function purgeExpired(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now.getTime() - 86_400_000)));
}

export function rateLimited(detail: string, retryAfterSec: number): ApiError {
  return new ApiError("rate_limited", detail, { "Retry-After": String(retryAfterSec) });
}

/** "约 N 分钟" / "N 秒" for messages. */
export function waitText(seconds: number): string {
  return seconds >= 120 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
}
