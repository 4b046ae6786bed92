import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countArticles } from "@/lib/articles/queries";
import { getDb } from "@/lib/db";
import { articles, readHistory, users } from "./schema";

describe("maintained counters", () => {
  it("count articles on insert and delete without scanning", async () => {
    const db = await getDb();
    const before = await countArticles({ db });
    const rows = await db
      .insert(articles)
      .values([1, 2, 3].map((i) => ({ title: `计数 ${i}`, sourceUrl: `https://example.com/count/${i}` })))
      .returning({ id: articles.id });
    expect(await countArticles({ db })).toBe(before + 3);
    await db.delete(articles).where(inArray(articles.id, rows.slice(0, 2).map((r) => r.id)));
    expect(await countArticles({ db })).toBe(before + 1);
    const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from articles`)).rows;
    expect(await countArticles({ db })).toBe(n);
  });

  it("count each user's read history, including cascaded deletes", async () => {
    const db = await getDb();
    const [u] = await db.insert(users).values({ accountName: "reader" }).returning();
    const arts = await db
      .insert(articles)
      .values([1, 2, 3].map((i) => ({ title: `阅读 ${i}`, sourceUrl: `https://example.com/read/${i}` })))
      .returning({ id: articles.id });
    await db.insert(readHistory).values(arts.map((a) => ({ userId: u.id, articleId: a.id })));
    const readCount = async () => (await db.select().from(users).where(eq(users.id, u.id)))[0].readCount;
    expect(await readCount()).toBe(3);
    await db.delete(articles).where(eq(articles.id, arts[0].id)); // cascades to read_history
    expect(await readCount()).toBe(2);
    await db.delete(readHistory).where(eq(readHistory.userId, u.id));
    expect(await readCount()).toBe(0);
  });

  it("refuse negative interaction counters", async () => {
    const db = await getDb();
    await expect(
      db.insert(articles).values({ title: "负数", sourceUrl: "https://example.com/neg", likeCnt: -1 }),
    ).rejects.toThrow();
  });
});
