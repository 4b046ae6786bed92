import { describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { newArticles, newUser } from "@/test/users";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { POST as add } from "./route";
import { DELETE as remove } from "./[articleId]/route";
import { GET as mine } from "./my-favorites/route";

const fav = (token: string, body: unknown) => call(add, "/api/v1/favorites", { json: body, token });
const unfav = (token: string, id: number | string) => call(remove, `/api/v1/favorites/${id}`, { method: "DELETE", token, params: { articleId: String(id) } });

describe("favourites", () => {
  it("favourite is idempotent and unfavourite too; the count follows the rows", async () => {
    const a = await newUser();
    const [art] = await newArticles(1);
    expect((await fav(a.token, { article_id: art.id })).body).toEqual({ data: { is_favorited: true, favorite_cnt: 1 } });
    expect((await fav(a.token, { article_id: art.id })).body).toEqual({ data: { is_favorited: true, favorite_cnt: 1 } });
    expect((await fav(a.token, { article_id: String(art.id) })).status).toBe(200);
    expect((await unfav(a.token, art.id)).body).toEqual({ data: { is_favorited: false, favorite_cnt: 0 } });
    expect((await unfav(a.token, art.id)).body).toEqual({ data: { is_favorited: false, favorite_cnt: 0 } });
  });

  it.each([
    [{}, 400],
    [{ article_id: "abc" }, 400],
    [{ article_id: -3 }, 400],
    [{ article_id: 1.5 }, 400],
    [{ article_id: 99_999_999 }, 404],
  ])("POST %j → %i", async (body, status) => {
    const a = await newUser();
    const res = await fav(a.token, body);
    expect(res.status).toBe(status);
    expect(typeof res.body.detail).toBe("string");
  });

  it("needs a valid token", async () => {
    expect((await call(add, "/api/v1/favorites", { json: { article_id: 1 } })).status).toBe(401);
    expect((await call(mine, "/api/v1/favorites/my-favorites", { token: "bad" })).status).toBe(401);
  });

  it("lists recent, oldest, and by title in pinyin order, with marks", async () => {
    const a = await newUser();
    const db = await getDb();
    const titles = ["中国茶", "阿里巴巴", "北京胡同", "重庆火锅", "Zebra 条纹"];
    const arts = await db
      .insert(articles)
      .values(titles.map((title, i) => ({ title, sourceUrl: `https://example.com/fav/${Date.now()}/${i}` })))
      .returning({ id: articles.id, title: articles.title });
    for (const art of arts) await fav(a.token, { article_id: art.id });
    const titlesOf = async (qs: string) =>
      (await call(mine, `/api/v1/favorites/my-favorites?${qs}`, { token: a.token })).body.items.map((r: { article: { title: string } }) => r.article.title);
    expect(await titlesOf("sort=recent")).toEqual([...titles].reverse());
    expect(await titlesOf("sort=oldest")).toEqual(titles);
    // Pinyin: a(li) < bei(jing) < chong(qing) < zhong(guo); ICU's Chinese order puts Latin titles after Han.
    expect(await titlesOf("sort=title")).toEqual(["阿里巴巴", "北京胡同", "重庆火锅", "中国茶", "Zebra 条纹"]);
    expect(await titlesOf("sort=title&limit=2&page=2")).toEqual(["重庆火锅", "中国茶"]);
    const res = await call(mine, "/api/v1/favorites/my-favorites", { token: a.token });
    expect(res.body.total).toBe(5);
    expect(res.body.items[0].article.is_favorited).toBe(true);
    expect((await call(mine, "/api/v1/favorites/my-favorites?sort=hot", { token: a.token })).status).toBe(400);
  });

  it("one user's favourites are invisible to another, and another cannot remove them", async () => {
    const a = await newUser();
    const b = await newUser();
    const [art] = await newArticles(1);
    await fav(a.token, { article_id: art.id });
    expect((await call(mine, "/api/v1/favorites/my-favorites", { token: b.token })).body).toEqual({ items: [], total: 0 });
    expect((await unfav(b.token, art.id)).body.data.favorite_cnt).toBe(1);
    expect((await call(mine, "/api/v1/favorites/my-favorites", { token: a.token })).body.total).toBe(1);
  });
});
