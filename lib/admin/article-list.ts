import "server-only";
// The console's article list: search and filters, newest published first. Every shape reads through an index
// and pays for the page, not for the collection (judged at 1,000,000 articles, docs/admin.md):
// - no filter: articles_published_idx walked in order; total = the visible counter + the hidden ones;
// - source / platform: articles_source_published_idx / articles_platform_published_idx, in order;
// - a date range: a range of articles_published_idx;
// - hidden / pinned: the partial indexes articles_hidden_idx / articles_pinned_idx (a few rows); "hidden" means
//   taken down by an operator, so readers' articles in review (hidden too) are listed under their own status;
// - in review: articles_review_idx (pending) or articles_hidden_idx (rejected ones are hidden);
// - a keyword: the title's bigram phrase (articles_title_grams_idx; the title's words when it has no phrase),
//   or hidden articles whose title holds it (their search text is emptied while hidden); a number is an id and
//   a link a source URL (unique index). Pages reach the first ADMIN_LIST_WINDOW rows; totals above
//   ADMIN_COUNT_CAP are given as that cap with `total_is_estimate`.
import { and, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { keywordToPhraseTsquery, keywordToTsquery } from "@/lib/search/keyword";
import { countArticles } from "@/lib/articles/queries";
import { normalizeUrl } from "@/lib/articles/source-url";
import type { Db } from "@/lib/db/client";
import { articles, feedSources } from "@/lib/db/schema";
import { likeTerm } from "./users";

export const ADMIN_LIST_WINDOW = 10_000;
export const ADMIN_COUNT_CAP = 10_000;

export type ArticleFilter = {
  q?: string;
  sourceId?: number;
  platform?: string;
  /** Published on or after / before (exclusive) these instants. */
  from?: Date;
  to?: Date;
  hidden?: boolean;
  pinned?: boolean;
  /** Readers' articles waiting for review, or refused. */
  review?: "pending" | "rejected";
};

export type AdminArticleRow = {
  id: number;
  title: string;
  summary: string | null;
  author_name: string | null;
  platform_name: string | null;
  source_platform: string | null;
  source_url: string;
  source_id: number | null;
  source_title: string | null;
  published_at: string;
  created_at: string;
  hidden_at: string | null;
  review_status: "pending" | "rejected" | null;
  pinned_at: string | null;
  pinned_until: string | null;
  like_cnt: number;
  favorite_cnt: number;
  view_cnt: number;
};

function keywordCondition(q: string, hiddenOnly: boolean): SQL {
  if (/^\d{1,9}$/.test(q)) return eq(articles.id, Number(q));
  if (/^https?:\/\//i.test(q)) {
    let url = q;
    try {
      url = normalizeUrl(q);
    } catch {
      // not a URL after all: matched as typed
    }
    return or(eq(articles.sourceUrl, url), eq(articles.sourceUrl, q))!;
  }
  const inHidden = and(sql`${articles.hiddenAt} is not null`, ilike(articles.title, likeTerm(q)))!;
  if (hiddenOnly) return inHidden;
  const phrase = keywordToPhraseTsquery(q);
  const words = phrase ? null : keywordToTsquery(q);
  const visibleMatch = phrase
    ? sql`${articles.titleGrams} @@ to_tsquery('simple', ${phrase})`
    : words
      ? sql`${articles.titleVector} @@ to_tsquery('simple', ${words})`
      : sql`false`;
  return or(visibleMatch, inHidden)!;
}

export function articleFilterWhere(f: ArticleFilter): SQL | undefined {
  return and(
    f.q ? keywordCondition(f.q, f.hidden === true || f.review !== undefined) : undefined,
    f.sourceId !== undefined ? eq(articles.feedSourceId, f.sourceId) : undefined,
    f.platform ? eq(articles.platformName, f.platform) : undefined,
    f.from ? gte(articles.publishedAt, f.from) : undefined,
    f.to ? lt(articles.publishedAt, f.to) : undefined,
    f.hidden === true
      ? sql`${articles.hiddenAt} is not null and ${articles.reviewStatus} is null`
      : f.hidden === false
        ? sql`${articles.hiddenAt} is null`
        : undefined,
    f.review === "pending" ? eq(articles.reviewStatus, "pending") : f.review === "rejected" ? and(sql`${articles.hiddenAt} is not null`, eq(articles.reviewStatus, "rejected")) : undefined,
    f.pinned === true
      ? and(sql`${articles.pinnedUntil} is not null`, sql`${articles.pinnedUntil} > now()`)
      : f.pinned === false
        ? sql`(${articles.pinnedUntil} is null or ${articles.pinnedUntil} <= now())`
        : undefined,
  );
}

const isEmpty = (f: ArticleFilter) => Object.values(f).every((v) => v === undefined);

async function countRows(db: Db, f: ArticleFilter, where: SQL | undefined): Promise<{ total: number; estimate: boolean }> {
  if (isEmpty(f)) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(articles).where(sql`${articles.hiddenAt} is not null`);
    return { total: (await countArticles({ db })) + n, estimate: false };
  }
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from articles where ${where ?? sql`true`} limit ${ADMIN_COUNT_CAP + 1}) m`,
  );
  const n = Number(rows.rows[0]?.n ?? 0);
  return n > ADMIN_COUNT_CAP ? { total: ADMIN_COUNT_CAP, estimate: true } : { total: n, estimate: false };
}

export async function listAdminArticles({ db, filter, page, limit }: { db: Db; filter: ArticleFilter; page: number; limit: number }) {
  const where = articleFilterWhere(filter);
  const [rows, count] = await Promise.all([
    db
      .select({
        id: articles.id,
        title: articles.title,
        summary: articles.summary,
        authorName: articles.authorName,
        platformName: articles.platformName,
        sourcePlatform: articles.sourcePlatform,
        sourceUrl: articles.sourceUrl,
        sourceId: articles.feedSourceId,
        sourceTitle: feedSources.title,
        publishedAt: articles.publishedAt,
        createdAt: articles.createdAt,
        hiddenAt: articles.hiddenAt,
        reviewStatus: articles.reviewStatus,
        pinnedAt: articles.pinnedAt,
        pinnedUntil: articles.pinnedUntil,
        likeCnt: articles.likeCnt,
        favoriteCnt: articles.favoriteCnt,
        viewCnt: articles.viewCnt,
      })
      .from(articles)
      .leftJoin(feedSources, eq(feedSources.id, articles.feedSourceId))
      .where(where)
      // "nulls last" as the indexes are built (a bare desc is NULLS FIRST, which no index serves: a sort of every row).
      .orderBy(sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`)
      .limit(limit)
      .offset((page - 1) * limit),
    countRows(db, filter, where),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const items: AdminArticleRow[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    author_name: r.authorName,
    platform_name: r.platformName,
    source_platform: r.sourcePlatform,
    source_url: r.sourceUrl,
    source_id: r.sourceId,
    source_title: r.sourceTitle,
    published_at: r.publishedAt.toISOString(),
    created_at: r.createdAt.toISOString(),
    hidden_at: iso(r.hiddenAt),
    review_status: r.reviewStatus,
    pinned_at: iso(r.pinnedAt),
    pinned_until: iso(r.pinnedUntil),
    like_cnt: r.likeCnt,
    favorite_cnt: r.favoriteCnt,
    view_cnt: r.viewCnt,
  }));
  return { items, total: count.total, total_is_estimate: count.estimate };
}
