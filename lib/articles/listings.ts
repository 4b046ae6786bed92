import "server-only";
// The listing pages' reads (docs/seo.md, "Listing pages"): a platform's or a China-time day's visible articles,
// newest first, LISTING_PAGE_SIZE per page, paged by keyset — the page after (or before) a given article in
// (published_at, id) order — through articles_platform_published_idx and articles_published_idx. A page reads
// its own rows plus one, at any depth: no OFFSET, no count.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { chinaDay } from "@/lib/china-time";
import { dayRange, LISTING_PAGE_SIZE, type ListingCursor } from "./listing-params";

export type ListingItem = {
  id: number;
  title: string;
  summary: string | null;
  authorName: string | null;
  platformName: string | null;
  sourcePlatform: string | null;
  publishedAt: Date;
};

export type ListingPage = {
  items: ListingItem[];
  /** The cursor of the newer page (`?after=`), null on the first page. */
  newer: ListingCursor;
  /** The cursor of the older page (`?before=`), null on the last page. */
  older: ListingCursor;
  /** Whether this is the listing's first page (its base address shows the same articles). */
  first: boolean;
};

export type ListingScope = { platform: string } | { day: string };

type Row = {
  id: number;
  title: string;
  summary: string | null;
  author_name: string | null;
  platform_name: string | null;
  source_platform: string | null;
  published_at: string | Date;
};

/** Summaries are cut to this many characters in the query (a listing shows a line or two). */
const SUMMARY_CHARS = 120;

const COLUMNS = sql.raw(`a.id, a.title, left(a.summary, ${SUMMARY_CHARS}) as summary, a.author_name, a.platform_name, a.source_platform, a.published_at`);

function inScope(scope: ListingScope, alias: string): SQL {
  const t = sql.raw(alias);
  if ("platform" in scope) return sql`${t}.platform_name = ${scope.platform} and ${t}.hidden_at is null`;
  const { start, end } = dayRange(scope.day);
  return sql`${t}.published_at >= ${start.toISOString()}::timestamptz and ${t}.published_at < ${end.toISOString()}::timestamptz and ${t}.hidden_at is null`;
}

const NEWEST_FIRST = sql.raw("order by a.published_at desc nulls last, a.id desc nulls last");
// The same index read backwards (its DESC NULLS LAST columns ascending are NULLS FIRST).
const OLDEST_FIRST = sql.raw("order by a.published_at asc nulls first, a.id asc nulls first");

const toItem = (r: Row): ListingItem => ({
  id: Number(r.id),
  title: r.title,
  summary: r.summary,
  authorName: r.author_name,
  platformName: r.platform_name,
  sourcePlatform: r.source_platform,
  publishedAt: new Date(r.published_at),
});

/**
 * One page of a listing; null when the cursor names no visible article of the listing, or names its oldest
 * (a page past the end). The first page of a listing with no articles is an empty page, not null.
 */
export async function listingPage({ db, scope, cursor }: { db: Db; scope: ListingScope; cursor: ListingCursor }): Promise<ListingPage | null> {
  const n = LISTING_PAGE_SIZE;
  if (!cursor) return head(db, scope);
  const id = "before" in cursor ? cursor.before : cursor.after;
  // The cursor article must be a visible article of this listing.
  const at = sql`(select c.published_at from articles c where c.id = ${id} and ${inScope(scope, "c")})`;
  if ("before" in cursor) {
    const { rows } = await db.execute<Row>(sql`
      select ${COLUMNS} from articles a
      where ${inScope(scope, "a")} and (a.published_at, a.id) < (${at}, ${id})
      ${NEWEST_FIRST} limit ${n + 1}`);
    if (!rows.length) return null;
    const items = rows.slice(0, n).map(toItem);
    return { items, newer: { after: items[0].id }, older: rows.length > n ? { before: items[n - 1].id } : null, first: false };
  }
  const { rows } = await db.execute<Row>(sql`
    select ${COLUMNS} from articles a
    where ${inScope(scope, "a")} and (a.published_at, a.id) > (${at}, ${id})
    ${OLDEST_FIRST} limit ${n + 1}`);
  if (!rows.length) {
    // Nothing newer: the cursor is the newest article (or not one of this listing at all).
    const exists = await db.execute(sql`select 1 from articles c where c.id = ${id} and ${inScope(scope, "c")}`);
    return exists.rows.length ? head(db, scope) : null;
  }
  // Fewer than a page newer than the cursor: that is the first page.
  if (rows.length <= n) return head(db, scope);
  const items = rows.slice(0, n).map(toItem).reverse();
  return { items, newer: { after: items[0].id }, older: { before: items[n - 1].id }, first: false };
}

async function head(db: Db, scope: ListingScope): Promise<ListingPage> {
  const n = LISTING_PAGE_SIZE;
  const { rows } = await db.execute<Row>(sql`select ${COLUMNS} from articles a where ${inScope(scope, "a")} ${NEWEST_FIRST} limit ${n + 1}`);
  const items = rows.slice(0, n).map(toItem);
  return { items, newer: null, older: rows.length > n ? { before: items[n - 1].id } : null, first: true };
}

/** The nearest China-time days before and after `day` that have visible articles (null when none). */
export async function neighbourDays({ db, day }: { db: Db; day: string }): Promise<{ previous: string | null; next: string | null }> {
  const { start, end } = dayRange(day);
  const [before, after] = await Promise.all([
    db.execute<{ at: string | Date }>(sql`
      select a.published_at as at from articles a where a.published_at < ${start.toISOString()}::timestamptz and a.hidden_at is null
      ${NEWEST_FIRST} limit 1`),
    db.execute<{ at: string | Date }>(sql`
      select a.published_at as at from articles a where a.published_at >= ${end.toISOString()}::timestamptz and a.hidden_at is null
      ${OLDEST_FIRST} limit 1`),
  ]);
  const dayOf = (rows: { at: string | Date }[]) => (rows[0] ? chinaDay(new Date(rows[0].at)) : null);
  return { previous: dayOf(before.rows), next: dayOf(after.rows) };
}
