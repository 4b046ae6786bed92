// The relevance table's top 3 on the 100,000-article bench corpus (the demo articles and the first 99,936
// synthetic ones, as `npm run bench` prepares it), pinned to what the ranking gave before the search chose
// plans per keyword (recorded in test/search-relevance-100k.json). At this size every relevance query has at
// most ~12,000 matches, so the full ranking answers each of them and nothing may move.
//
// PostgreSQL only: loading 100,000 articles into the in-memory PGlite takes minutes, and the SQL is the same
// on both (CI runs this file on PostgreSQL).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rankMatches, searchArticles } from "@/lib/search/rank";
import { forgetTermStats } from "@/lib/search/statistics";
import { getDb, getDbHandle } from "@/lib/db";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { seedSynthetic } from "@/lib/db/seed/seed-synthetic";
import pinned from "@/test/search-relevance-100k.json";
import { RELEVANCE } from "@/test/search-relevance";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

// The SQL is the same on both databases, and int-postgres runs this file.
// Skipped on int-pglite (reason): loading 100,000 articles into the in-memory PGlite takes minutes.
describe.runIf(onPostgres)("relevance on 100,000 articles", () => {
  beforeAll(async () => {
    const handle = await getDbHandle();
    await seedDemoArticles(handle.db);
    await seedSynthetic(handle, { count: 99_936 });
    await handle.db.execute(sql`analyze articles`);
    forgetTermStats(handle.db);
  }, 600_000);

  it.each(RELEVANCE.map(([keyword]) => keyword))("“%s” keeps its top 3", async (keyword) => {
    const db = await getDb();
    const page = await searchArticles({ db, keyword, page: 1, limit: 3 });
    expect(page.items.map((a) => a.sourceUrl)).toEqual((pinned as Record<string, string[]>)[keyword]);
    expect((await rankMatches({ db, keyword, offset: 0, limit: 3 })).plan).toBe("full");
  });

  it("sends the bench's worst keyword through the tiers, with an estimated total", async () => {
    const page = await rankMatches({ db: await getDb(), keyword: "用户 体验", offset: 0, limit: 20 });
    expect(page.plan).toBe("tiers");
    expect(page.totalIsEstimate).toBe(true);
    expect(page.ids).toHaveLength(20);
  });
});
