import "server-only";
// 今日精选 as the API, the pages and the feeds show it: a stored digest with its cited articles (title, platform,
// permalink), the ones hidden since left out with the points that cited only them, and, for a reader, which
// they have opened since it was made (已读). Today's is made on demand when the worker has not made it; a
// reader with the switch off or personal recommendations off reads the site's.
import { and, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles, digests, readHistory, type Digest, type User } from "@/lib/db/schema";
import { chinaDay, chinaDaysBefore } from "@/lib/china-time";
import { visible } from "@/lib/articles/queries";
import { HISTORY_DAYS, type WrittenBy } from "./constants";
import { makeReaderDigest, makeSiteDigest, storedDigest } from "./write";

export type DigestArticle = { id: number; title: string; source_platform: string | null; url: string; read: boolean };
export type DigestView = {
  date: string;
  /** personal: the reader's own; site: the site's (/daily), also what a reader with the switch off reads. */
  kind: "personal" | "site";
  written_by: WrittenBy;
  sections: { title: string; points: { text: string; article_ids: number[] }[] }[];
  articles: DigestArticle[];
  created_at: string;
};


/** The digest as shown: hidden articles (and points citing only them) left out; `readerId`'s openings since. */
export async function viewOf(db: Db, digest: Digest, readerId: number | null): Promise<DigestView> {
  const ids = digest.articleIds;
  const [rows, reads] = await Promise.all([
    ids.length
      ? db.select({ id: articles.id, title: articles.title, platform: articles.sourcePlatform }).from(articles).where(and(inArray(articles.id, ids), visible()))
      : Promise.resolve([]),
    readerId !== null && ids.length
      ? db
          .select({ id: readHistory.articleId })
          .from(readHistory)
          .where(and(eq(readHistory.userId, readerId), inArray(readHistory.articleId, ids), gte(readHistory.readAt, digest.createdAt)))
      : Promise.resolve([]),
  ]);
  const shown = new Map(rows.map((r) => [r.id, r]));
  const read = new Set(reads.map((r) => r.id));
  const sections = digest.sections
    .map((s) => ({ title: s.title, points: s.points.map((p) => ({ text: p.text, article_ids: p.article_ids.filter((id) => shown.has(id)) })).filter((p) => p.article_ids.length) }))
    .filter((s) => s.points.length);
  const cited = [...new Set(sections.flatMap((s) => s.points.flatMap((p) => p.article_ids)))];
  return {
    date: digest.day,
    kind: digest.userId === null ? "site" : "personal",
    written_by: digest.writtenBy,
    sections,
    articles: cited.map((id) => ({ id, title: shown.get(id)!.title, source_platform: shown.get(id)!.platform, url: `/articles/${id}`, read: read.has(id) })),
    created_at: digest.createdAt.toISOString(),
  };
}

/** Whether the reader gets a digest of their own (else the site's). */
export const hasOwnDigest = (user: Pick<User, "digestOn" | "personalized">) => user.digestOn && user.personalized;

export class DigestBusyError extends Error {
  constructor() {
    super("今日精选正在生成，请稍后刷新");
    this.name = "DigestBusyError";
  }
}

/** Today's digest for the reader, made now if need be, and marked seen (the header's dot goes). */
export async function todaysDigest(db: Db, user: User, now = new Date(), signal?: AbortSignal): Promise<DigestView> {
  const day = chinaDay(now);
  if (!hasOwnDigest(user)) return viewOf(db, (await makeSiteDigest(db, day, signal)).digest, user.id);
  const digest = await makeReaderDigest(db, user.id, day, now, signal);
  if (!digest) throw new DigestBusyError();
  if (!digest.seenAt) await db.update(digests).set({ seenAt: sql`now()` }).where(and(eq(digests.id, digest.id), isNull(digests.seenAt)));
  return viewOf(db, digest, user.id);
}

/** Whether `day` is one of the last HISTORY_DAYS days (today included) as of `now`. */
export function withinHistory(day: string, now = new Date()): boolean {
  const today = chinaDay(now);
  return day <= today && day > chinaDaysBefore(today, HISTORY_DAYS);
}

/** A past digest of the reader (their own, else the site's of that day); null when there is none. */
export async function readerDigestOn(db: Db, user: User, day: string, now = new Date()): Promise<DigestView | null> {
  if (!withinHistory(day, now)) return null;
  if (day === chinaDay(now)) return todaysDigest(db, user, now);
  const own = await storedDigest(db, user.id, day);
  if (own) return viewOf(db, own, user.id);
  const site = await storedDigest(db, null, day);
  return site ? viewOf(db, site, user.id) : null;
}

/** The reader's digests of the last HISTORY_DAYS days, newest first: their days and how they were written. */
export async function readerHistory(db: Db, userId: number, now = new Date()): Promise<{ date: string; written_by: WrittenBy }[]> {
  const today = chinaDay(now);
  const rows = await db
    .select({ date: digests.day, by: digests.writtenBy })
    .from(digests)
    .where(and(eq(digests.userId, userId), gte(digests.day, chinaDaysBefore(today, HISTORY_DAYS - 1)), lte(digests.day, today)))
    .orderBy(desc(digests.day));
  return rows.map((r) => ({ date: r.date, written_by: r.by }));
}

/** Whether the reader's digest of today is made and not yet opened (the header's dot). */
export async function hasNewDigest(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from digests where user_id = ${userId} and day = ${chinaDay(now)} and seen_at is null`);
  return rows.length > 0;
}

/** The site's digest of `day`; today's is made if need be, a past day's only read. Null: none that day. */
export async function siteDigestOn(db: Db, day: string, now = new Date()): Promise<DigestView | null> {
  const today = chinaDay(now);
  if (day > today) return null;
  const digest = day === today ? (await makeSiteDigest(db, day)).digest : await storedDigest(db, null, day);
  return digest ? viewOf(db, digest, null) : null;
}

/** The latest site digest (/daily): the newest stored one, or today's made now when there is none. */
export async function latestSiteDigest(db: Db, now = new Date()): Promise<DigestView> {
  const [latest] = await db
    .select()
    .from(digests)
    .where(and(isNull(digests.userId), lte(digests.day, chinaDay(now))))
    .orderBy(desc(digests.day))
    .limit(1);
  return viewOf(db, latest ?? (await makeSiteDigest(db, chinaDay(now))).digest, null);
}

/** The site's stored digest days, newest first (the sitemap and the site feeds). */
export async function siteDigestDays(db: Db, limit = 60): Promise<{ date: string; createdAt: Date }[]> {
  const rows = await db
    .select({ date: digests.day, createdAt: digests.createdAt })
    .from(digests)
    .where(isNull(digests.userId))
    .orderBy(desc(digests.day))
    .limit(limit);
  return rows;
}
