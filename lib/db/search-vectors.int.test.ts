import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles } from "./schema";

// The trigger's expressions (migration 0028), which the generated columns before it had.
const expected = sql`setweight(to_tsvector('simple'::regconfig, coalesce(search_title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(search_body, '')), 'B') as sv,
  to_tsvector('simple'::regconfig, coalesce(search_title, '')) as tv, to_tsvector('simple'::regconfig, coalesce(search_grams, '')) as tg`;

async function vectors(id: number) {
  const db = await getDb();
  const { rows } = await db.execute<{ search_vector: string; title_vector: string; title_grams: string; sv: string; tv: string; tg: string }>(
    sql`select search_vector, title_vector, title_grams, ${expected} from articles where id = ${id}`,
  );
  return rows[0];
}

describe("search vectors (the articles_search_vectors trigger)", () => {
  it("are computed from the search text on insert and when an update names it, and only then", async () => {
    const db = await getDb();
    const [{ id }] = await db
      .insert(articles)
      .values({ title: "向量", sourceUrl: "https://example.com/vectors/1", searchTitle: "向量 测试", searchBody: "正文 的 词", searchGrams: "向量" })
      .returning({ id: articles.id });
    let v = await vectors(id);
    expect(v.search_vector.split(" ").sort()).toEqual(["'向量':1A", "'测试':2A", "'正文':3B", "'的':4B", "'词':5B"].sort());
    expect([v.search_vector, v.title_vector, v.title_grams]).toEqual([v.sv, v.tv, v.tg]);

    await db.update(articles).set({ searchBody: "新的 正文" }).where(eq(articles.id, id));
    v = await vectors(id);
    expect(v.search_vector.split(" ").sort()).toEqual(["'向量':1A", "'测试':2A", "'新的':3B", "'正文':4B"].sort());
    // A counter's update leaves them as they are; a vector written directly is computed again.
    await db.update(articles).set({ likeCnt: 3 }).where(eq(articles.id, id));
    expect((await vectors(id)).search_vector).toBe(v.search_vector);
    await db.execute(sql`update articles set search_vector = 'x:1', title_vector = 'y:1' where id = ${id}`);
    v = await vectors(id);
    expect([v.search_vector, v.title_vector, v.title_grams]).toEqual([v.sv, v.tv, v.tg]);
  });

  it("are kept as written only by a session that declares them given, and only on insert", async () => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local shiyue.search_vectors = 'given'`);
      await tx.execute(sql`insert into articles (title, source_url, search_title, search_vector, title_vector, title_grams)
        values ('给定', 'https://example.com/vectors/2', '给定', '给定:1A', '给定:1', '给定:1')`);
      // Without all three given, the trigger computes them.
      await tx.execute(sql`insert into articles (title, source_url, search_title, search_vector) values ('部分', 'https://example.com/vectors/3', '部分', 'x:1')`);
    });
    const rows = await db.select({ url: articles.sourceUrl, sv: articles.searchVector }).from(articles).where(sql`source_url like 'https://example.com/vectors/%'`).orderBy(articles.sourceUrl);
    expect(rows.map((r) => r.sv)).toEqual([expect.any(String), "'给定':1A", "'部分':1A"]);
    // Elsewhere (another transaction), the setting is gone: an insert's vectors are computed.
    const [{ id }] = await db.insert(articles).values({ title: "之后", sourceUrl: "https://example.com/vectors/4", searchTitle: "之后" }).returning({ id: articles.id });
    expect((await vectors(id)).search_vector).toBe("'之后':1A");
  });
});
