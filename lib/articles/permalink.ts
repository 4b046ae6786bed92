import "server-only";
// What an article's permalink shows, read once per request however many parts of the page ask (its metadata,
// the page, its structured data): the article as the API shapes it, when its page last changed, and the
// China-time day it was published (its day listing).
import { and, eq } from "drizzle-orm";
import { cache } from "react";
import { chinaDay } from "@/lib/admin/china-day";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { articleColumns, visible } from "./queries";
import { toApiArticle, type ApiArticle } from "./serialize";

export type Permalink = { article: ApiArticle; updatedAt: Date; publishedAt: Date; day: string };

/** A visible article by its id as written in the path (digits only); null when unknown, hidden or malformed. */
export const findPermalink = cache(async (id: string): Promise<Permalink | null> => {
  if (!/^\d{1,9}$/.test(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ ...articleColumns, updatedAt: articles.updatedAt })
    .from(articles)
    .where(and(eq(articles.id, Number(id)), visible()));
  if (!row) return null;
  return { article: toApiArticle(row), updatedAt: row.updatedAt, publishedAt: row.publishedAt, day: chinaDay(row.publishedAt) };
});
