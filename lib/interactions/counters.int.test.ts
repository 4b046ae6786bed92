// Both databases: counters kept right under concurrent likes and favourites (row locks on a server).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { call } from "@/test/api";
import { newArticles, newUser } from "@/test/users";
import { DELETE as unlike, POST as toggle } from "@/app/api/v1/likes/[articleId]/route";
import { POST as favorite } from "@/app/api/v1/favorites/route";
import { DELETE as unfavorite } from "@/app/api/v1/favorites/[articleId]/route";
import { POST as record } from "@/app/api/v1/user-read-history/record/route";

async function countsOf(id: number) {
  const db = await getDb();
  const [a] = await db.select().from(articles).where(eq(articles.id, id));
  const rows = async (table: string) =>
    Number((await db.execute<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)} where article_id = ${id}`)).rows[0].n);
  const [{ views }] = (await db.execute<{ views: string | null }>(sql`select sum(read_times) as views from read_history where article_id = ${id}`)).rows;
  return { like: [a.likeCnt, await rows("likes")], favorite: [a.favoriteCnt, await rows("favorites")], view: [a.viewCnt, Number(views ?? 0)] };
}

describe("counters under concurrent interactions", () => {
  it("100 concurrent like/unlike calls from 20 users leave like_cnt equal to the rows", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => newUser("c")));
    const [x, y] = await newArticles(2);
    const calls = Array.from({ length: 100 }, (_, i) => {
      const u = users[i % 20];
      const art = i % 3 === 0 ? y : x;
      const id = String(art.id);
      return i % 4 === 3
        ? call(unlike, `/api/v1/likes/${id}`, { method: "DELETE", token: u.token, params: { articleId: id } })
        : call(toggle, `/api/v1/likes/${id}`, { method: "POST", token: u.token, params: { articleId: id } });
    });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    for (const art of [x, y]) {
      const c = await countsOf(art.id);
      expect(c.like[0]).toBe(c.like[1]);
      expect(c.like[0]).toBeGreaterThanOrEqual(0);
    }
  });

  it("concurrent favourites, unfavourites and reads keep favorite_cnt and view_cnt equal to their rows", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => newUser("f")));
    const [x] = await newArticles(1);
    const id = String(x.id);
    const calls = Array.from({ length: 120 }, (_, i) => {
      const u = users[i % 20];
      if (i % 3 === 0) return call(favorite, "/api/v1/favorites", { json: { article_id: x.id }, token: u.token });
      if (i % 3 === 1) return call(unfavorite, `/api/v1/favorites/${id}`, { method: "DELETE", token: u.token, params: { articleId: id } });
      return call(record, "/api/v1/user-read-history/record", { json: { article_id: x.id }, token: u.token });
    });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const c = await countsOf(x.id);
    expect(c.favorite[0]).toBe(c.favorite[1]);
    expect(c.view).toEqual([40, 40]);
  });
});
