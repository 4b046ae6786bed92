import "server-only";
// What an article's permalink shows, read once per request however many parts of the page ask (its metadata,
// the page, its structured data): the article as the API shapes it, when its page last changed, and the
// China-time day it was published (its day listing).
import { and, eq } from "drizzle-orm";
import { cache } from "react";
import { chinaDay } from "@/lib/china-time";
import { cookies, headers } from "next/headers";
import { getDb, getReadDb, type Db } from "@/lib/db";
import { FRESH_COOKIE } from "@/lib/db/read-routing";
import { RENDER_HEADER } from "@/lib/server/page-cache-slot";
import { articles } from "@/lib/db/schema";
import { articleColumns, visible } from "./queries";
import { toApiArticle, type ApiArticle } from "./serialize";

/**
 * Where a permalink reads: a read replica, except for the page caches' own renders — a kept page is judged current
 * against the primary's updated_at, so it must be rendered from the primary — and for a reader who has just
 * changed something (lib/db/read-routing.ts).
 */
export async function permalinkDb(): Promise<Db> {
  if ((await headers()).get(RENDER_HEADER) !== null || (await cookies()).get(FRESH_COOKIE)) return getDb();
  return getReadDb();
}

export type Permalink = { article: ApiArticle; updatedAt: Date; publishedAt: Date; day: string };

/** A visible article by its id as written in the path (digits only); null when unknown, hidden or malformed. */
export const findPermalink = cache(async (id: string): Promise<Permalink | null> => {
  if (!/^\d{1,9}$/.test(id)) return null;
  const db = await permalinkDb();
  const [row] = await db
    .select({ ...articleColumns, updatedAt: articles.updatedAt })
    .from(articles)
    .where(and(eq(articles.id, Number(id)), visible()));
  if (!row) return null;
  return { article: toApiArticle(row), updatedAt: row.updatedAt, publishedAt: row.publishedAt, day: chinaDay(row.publishedAt) };
});
