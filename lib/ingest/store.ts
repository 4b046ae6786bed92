import "server-only";
// Feed items into the article table: sanitized markdown, cover, summary, author, publish time, platform
// and search text, a few statements per poll. De-duplicated by normalized source URL (tracking parameters
// dropped) across all sources, and by GUID within a source; a second poll of the same feed adds nothing.
// An article a reader made from a summary (origin `summary`) does not hold its URL against the feed: the feed's
// item replaces it in place (same id, so likes, favourites and the summary task's link stay).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles, type FeedSource, type NewArticle } from "@/lib/db/schema";
import { detectPlatform, platformByKey } from "@/lib/articles/platforms";
import { searchFieldsFor } from "@/lib/search/text";
import { normalizeUrl } from "@/lib/articles/source-url";
import type { FeedItem, ParsedFeed } from "./feed-parse";
import { htmlToMarkdown } from "./html-markdown";
import { clip } from "./text";

const MAX_CONTENT_CHARS = 200_000;
const MAX_TITLE_CHARS = 200;
const MAX_SUMMARY_CHARS = 200;
/** Rows per INSERT: a source may keep 5,000 items a poll, and a statement takes at most 65,535 parameters. */
const INSERT_BATCH = 500;
/** A publish time this far ahead is a feed's clock error: the article is dated when it was collected. */
const FUTURE_SLACK_MS = 60 * 60 * 1000;

export type StoreResult = { added: number[]; duplicates: number; skipped: number };

function linkOf(item: FeedItem): string | null {
  const candidate = item.url ?? (item.guid && /^https?:\/\//i.test(item.guid) ? item.guid : null);
  if (!candidate) return null;
  try {
    return normalizeUrl(candidate);
  } catch {
    return null;
  }
}

function toArticle(item: FeedItem, sourceUrl: string, source: FeedSource, feed: ParsedFeed, now: Date): NewArticle {
  const md = htmlToMarkdown(item.html ?? "", item.url ?? source.url);
  const summary = clip(item.summary ?? md.summary ?? "", MAX_SUMMARY_CHARS) || null;
  const content = (md.markdown.length > MAX_CONTENT_CHARS ? clip(md.markdown, MAX_CONTENT_CHARS) : md.markdown) || summary || "";
  const title = clip(item.title || md.summary || "", MAX_TITLE_CHARS) || "无标题";
  const platform = platformByKey(source.platform) ?? detectPlatform(sourceUrl) ?? detectPlatform(source.url);
  const published = item.publishedAt && item.publishedAt.getTime() <= now.getTime() + FUTURE_SLACK_MS ? item.publishedAt : now;
  return {
    title,
    content,
    summary,
    coverImage: item.cover ?? md.cover,
    authorName: item.author ? clip(item.author, 100) : null,
    platformName: platform?.key ?? null,
    sourcePlatform: platform?.name ?? clip(feed.title ?? source.title ?? new URL(source.url).hostname, 50),
    sourceUrl,
    publishedAt: published,
    origin: "feed",
    feedSourceId: source.id,
    guid: item.guid ? clip(item.guid, 500) : null,
    ...searchFieldsFor({ title, content, summary }),
  };
}

/** Adds the feed's new items as articles; answers the new article ids. */
export async function storeItems({ db, source, feed, now = new Date() }: { db: Db; source: FeedSource; feed: ParsedFeed; now?: Date }): Promise<StoreResult> {
  const seenUrls = new Set<string>();
  const seenGuids = new Set<string>();
  const candidates: { item: FeedItem; sourceUrl: string }[] = [];
  let skipped = 0;
  for (const item of feed.items) {
    const sourceUrl = linkOf(item);
    if (!sourceUrl) {
      skipped++;
      continue;
    }
    if (seenUrls.has(sourceUrl) || (item.guid && seenGuids.has(item.guid))) continue;
    seenUrls.add(sourceUrl);
    if (item.guid) seenGuids.add(item.guid);
    candidates.push({ item, sourceUrl });
  }
  if (!candidates.length) return { added: [], duplicates: feed.items.length - skipped, skipped };

  // Known items are filtered before conversion (most polls repeat the whole feed); the unique indexes
  // catch whatever a concurrent poll added in between.
  const guids = candidates.map((c) => c.item.guid).filter((g): g is string => !!g);
  const [byUrl, byGuid] = await Promise.all([
    db.select({ id: articles.id, url: articles.sourceUrl, origin: articles.origin }).from(articles).where(inArray(articles.sourceUrl, [...seenUrls])),
    guids.length
      ? db.select({ guid: articles.guid }).from(articles).where(and(eq(articles.feedSourceId, source.id), inArray(articles.guid, guids)))
      : Promise.resolve([]),
  ]);
  const knownUrls = new Set(byUrl.filter((r) => r.origin !== "summary").map((r) => r.url));
  const userMade = new Map(byUrl.filter((r) => r.origin === "summary").map((r) => [r.url, r.id]));
  const knownGuids = new Set(byGuid.map((r) => r.guid));
  const fresh = candidates.filter((c) => !knownUrls.has(c.sourceUrl) && !(c.item.guid && knownGuids.has(c.item.guid)));
  if (!fresh.length) return { added: [], duplicates: feed.items.length - skipped, skipped };

  const added: number[] = [];
  const inserts = fresh.filter((c) => !userMade.has(c.sourceUrl));
  for (let start = 0; start < inserts.length; start += INSERT_BATCH) {
    const rows = await db
      .insert(articles)
      .values(inserts.slice(start, start + INSERT_BATCH).map((c) => toArticle(c.item, c.sourceUrl, source, feed, now)))
      .onConflictDoNothing()
      .returning({ id: articles.id });
    added.push(...rows.map((r) => r.id));
  }
  for (const c of fresh.filter((c) => userMade.has(c.sourceUrl))) {
    const id = await replaceUserArticle(db, userMade.get(c.sourceUrl)!, toArticle(c.item, c.sourceUrl, source, feed, now));
    if (id !== null) added.push(id);
  }
  return { added, duplicates: feed.items.length - skipped - added.length, skipped };
}

/**
 * The feed's item takes over a reader's article with its URL: the feed's text, author, platform, source, GUID and
 * publish time, origin `feed`, out of review. It becomes visible — unless an operator hid it outside review (a
 * takedown with no review status), which holds, its search text staying empty. The old values are read by the
 * statement itself, so a concurrent hide or review decision is not lost; counters, versions and caches follow by
 * the triggers. Null when the row is no longer a reader's article.
 */
async function replaceUserArticle(db: Db, id: number, next: NewArticle): Promise<number | null> {
  const takedown = sql`(${articles.reviewStatus} is null and ${articles.hiddenAt} is not null)`;
  const searchText = (value: string | undefined) => sql`case when ${takedown} then '' else ${value ?? ""} end`;
  const [row] = await db
    .update(articles)
    .set({
      ...next,
      reviewStatus: null,
      hiddenAt: sql`case when ${takedown} then ${articles.hiddenAt} end`,
      searchTitle: searchText(next.searchTitle),
      searchBody: searchText(next.searchBody),
      searchGrams: searchText(next.searchGrams),
    })
    .where(and(eq(articles.id, id), eq(articles.origin, "summary")))
    .returning({ id: articles.id });
  return row?.id ?? null;
}
