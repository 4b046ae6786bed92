// Both databases: the planner's statistics (ANALYZE) kept by the server's own process.
// The embedded database has no autovacuum: the web process analyses the articles table itself when its
// statistics are missing or the article count moved by 2% since the last ANALYZE.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { refreshSearchStats } from "./statistics-keeper";
import { searchFieldsFor } from "./text";
import { termStats } from "./statistics";

beforeAll(async () => {
  await seedDemoArticles(await getDb());
});

describe("refreshSearchStats", () => {
  it("analyses a table never analysed, then only after the count moved by 2%", async () => {
    const db = await getDb();
    expect(await refreshSearchStats(db)).toBe(true);
    const stats = await termStats(db);
    expect(stats.columns.search_vector?.freq.size).toBeGreaterThan(10);
    expect(await refreshSearchStats(db)).toBe(false);

    const rows = Array.from({ length: Math.ceil(stats.articles * 0.05) }, (_, i) => {
      const title = `统计刷新测试第${i}篇`;
      return { title, content: "正文", sourceUrl: `https://example.com/stats/${i}`, ...searchFieldsFor({ title, content: "正文" }) };
    });
    await db.insert(articles).values(rows);
    expect(await refreshSearchStats(db)).toBe(true);
    // The new figures are read at once (the cached ones were dropped).
    expect((await termStats(db)).columns.title_vector?.freq.has("统计")).toBe(true);
    expect(await refreshSearchStats(db)).toBe(false);
  });
});
