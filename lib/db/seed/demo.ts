import "server-only";
// The demo articles in content/demo/, seeded into an empty database. Deterministic: the same files give
// the same rows (dates relative to the seed time); source URLs are unique, so seeding twice adds nothing.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { platformByKey } from "@/lib/articles/platforms";
import { searchFieldsFor } from "@/lib/search/text";
import type { Db } from "@/lib/db/client";
import { articles, type NewArticle } from "@/lib/db/schema";
import { parseFrontMatter } from "./front-matter";

const count = z.coerce.number().int().min(0);
const demoMeta = z.object({
  title: z.string().min(1),
  author: z.string().min(1),
  platform: z.string().refine((k) => platformByKey(k), "未知平台"),
  source_url: z.url(),
  summary: z.string().min(1),
  cover_image: z.url().optional(),
  days_ago: z.coerce.number().int().min(0).max(89),
  likes: count,
  comments: count,
  favorites: count,
  views: count,
});

export function demoDir(): string {
  return process.env.SHIYUE_DEMO_DIR ?? join(process.cwd(), "content", "demo");
}

const DAY_MS = 86_400_000;

/** Reads and validates every demo article; `now` anchors the relative dates. */
export function loadDemoArticles({ dir = demoDir(), now = new Date() } = {}): NewArticle[] {
  const files = readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((f) => /^\d+-.+\.md$/.test(f))
    .sort();
  return files.map((file, index) => {
    const { meta, body } = parseFrontMatter(readFileSync(join(/*turbopackIgnore: true*/ dir, file), "utf8"));
    const parsed = demoMeta.safeParse(meta);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${file}: ${String(issue.path[0])} ${issue.message}`);
    }
    const m = parsed.data;
    // A fixed time of day per article (between 07:00 and 23:00 before `now`'s clock), so the feed interleaves.
    const minutes = 60 + ((index * 97) % 960);
    return {
      title: m.title,
      content: body,
      summary: m.summary,
      coverImage: m.cover_image ?? null,
      authorName: m.author,
      platformName: m.platform,
      sourcePlatform: platformByKey(m.platform)!.name,
      sourceUrl: m.source_url,
      publishedAt: new Date(now.getTime() - m.days_ago * DAY_MS - minutes * 60_000),
      likeCnt: m.likes,
      // The platform's comment count in the file is not shown: a count here is the number of visible comments
      // in this thread (issue 43), and the demo starts with none.
      commentCnt: 0,
      favoriteCnt: m.favorites,
      viewCnt: m.views,
      origin: "demo",
      ...searchFieldsFor({ title: m.title, content: body, summary: m.summary }),
    } satisfies NewArticle;
  });
}

/** Inserts the demo articles that are not there yet; returns how many were added. */
export async function seedDemoArticles(db: Db, opts: { dir?: string; now?: Date } = {}): Promise<number> {
  const rows = loadDemoArticles(opts);
  const inserted = await db
    .insert(articles)
    .values(rows)
    .onConflictDoNothing({ target: articles.sourceUrl })
    .returning({ id: articles.id });
  return inserted.length;
}

export async function hasArticles(db: Db): Promise<boolean> {
  const res = await db.execute<{ found: boolean }>(sql`select exists(select 1 from ${articles}) as found`);
  return Boolean(res.rows[0]?.found);
}
