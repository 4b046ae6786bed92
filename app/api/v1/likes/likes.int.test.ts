import { describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { newArticles, newUser } from "@/test/users";
import { GET as list } from "@/app/api/v1/articles/route";
import { DELETE as unlike, POST as toggle, PUT as likeOnce } from "./[articleId]/route";
import { GET as myLikes } from "./my-likes/route";
import { GET as status } from "./status/[articleId]/route";

const like = (token: string, id: number | string) => call(toggle, `/api/v1/likes/${id}`, { method: "POST", token, params: { articleId: String(id) } });
const unlikeCall = (token: string, id: number | string) => call(unlike, `/api/v1/likes/${id}`, { method: "DELETE", token, params: { articleId: String(id) } });
const statusOf = (token: string, id: number) => call(status, `/api/v1/likes/status/${id}`, { token, params: { articleId: String(id) } });

describe("likes", () => {
  it("toggles: liked, then unliked, with the count following", async () => {
    const a = await newUser();
    const [art] = await newArticles(1);
    const first = await like(a.token, art.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { action: "liked", like_cnt: 1 } });
    expect((await statusOf(a.token, art.id)).body).toEqual({ data: { is_liked: true } });
    expect((await like(a.token, art.id)).body).toEqual({ data: { action: "unliked", like_cnt: 0 } });
    expect((await statusOf(a.token, art.id)).body).toEqual({ data: { is_liked: false } });
  });

  it("DELETE unlikes and is idempotent, never going below zero", async () => {
    const a = await newUser();
    const [art] = await newArticles(1);
    await like(a.token, art.id);
    expect((await unlikeCall(a.token, art.id)).body).toEqual({ data: { action: "unliked", like_cnt: 0 } });
    expect((await unlikeCall(a.token, art.id)).body).toEqual({ data: { action: "unliked", like_cnt: 0 } });
  });

  it("PUT likes and stays liked when sent again (an offline like replayed), 404 for a hidden article", async () => {
    const a = await newUser();
    const [art, gone] = await newArticles(2);
    const put = (id: number) => call(likeOnce, `/api/v1/likes/${id}`, { method: "PUT", token: a.token, params: { articleId: String(id) } });
    expect((await put(art.id)).body).toEqual({ data: { action: "liked", like_cnt: 1 } });
    expect((await put(art.id)).body).toEqual({ data: { action: "liked", like_cnt: 1 } });
    expect((await statusOf(a.token, art.id)).body).toEqual({ data: { is_liked: true } });
    const { getDb } = await import("@/lib/db");
    const { articles } = await import("@/lib/db/schema");
    const { eq } = await import("drizzle-orm");
    await (await getDb()).update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, gone.id));
    expect((await put(gone.id)).status).toBe(404);
  });

  it("adds to the platform's imported count", async () => {
    const a = await newUser();
    const { getDb } = await import("@/lib/db");
    const { articles } = await import("@/lib/db/schema");
    const [art] = await (await getDb()).insert(articles).values({ title: "外站文章", sourceUrl: `https://example.com/imported/${Date.now()}`, likeCnt: 926 }).returning();
    expect((await like(a.token, art.id)).body.data.like_cnt).toBe(927);
    expect((await like(a.token, art.id)).body.data.like_cnt).toBe(926);
  });

  it("answers 404 for an unknown article, 400 for a malformed id, 401 without a valid token", async () => {
    const a = await newUser();
    expect((await like(a.token, 99_999_999)).status).toBe(404);
    expect((await like(a.token, 99_999_999)).body.detail).toBe("文章不存在");
    expect((await unlikeCall(a.token, 99_999_999)).status).toBe(404);
    expect((await statusOf(a.token, 99_999_999)).status).toBe(404);
    expect((await like(a.token, "abc")).status).toBe(400);
    expect((await like(a.token, "0")).status).toBe(400);
    const [art] = await newArticles(1);
    expect((await call(toggle, `/api/v1/likes/${art.id}`, { method: "POST", params: { articleId: String(art.id) } })).status).toBe(401);
    expect((await like("not-a-token", art.id)).status).toBe(401);
    expect((await call(myLikes, "/api/v1/likes/my-likes")).status).toBe(401);
  });

  it("lists the caller's likes with their articles, newest or oldest first, paged", async () => {
    const a = await newUser();
    const b = await newUser();
    const arts = await newArticles(25);
    for (const art of arts) await like(a.token, art.id);
    await like(b.token, arts[0].id);
    const page1 = await call(myLikes, "/api/v1/likes/my-likes", { token: a.token });
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(25);
    expect(page1.body.items).toHaveLength(20);
    expect(page1.body.items[0].article.id).toBe(arts[24].id);
    expect(page1.body.items[0].article).toMatchObject({ title: arts[24].title, is_liked: true, is_favorited: false });
    expect(Number.isNaN(Date.parse(page1.body.items[0].created_at))).toBe(false);
    const page2 = await call(myLikes, "/api/v1/likes/my-likes?page=2", { token: a.token });
    expect(page2.body.items).toHaveLength(5);
    const oldest = await call(myLikes, "/api/v1/likes/my-likes?sort=oldest&limit=3", { token: a.token });
    expect(oldest.body.items.map((r: { article: { id: number } }) => r.article.id)).toEqual(arts.slice(0, 3).map((x) => x.id));
    expect((await call(myLikes, "/api/v1/likes/my-likes", { token: b.token })).body.total).toBe(1);
    expect((await call(myLikes, "/api/v1/likes/my-likes?sort=popular", { token: a.token })).status).toBe(400);
  });

  it("marks liked articles in the feed for their reader only", async () => {
    const a = await newUser();
    const b = await newUser();
    const [art] = await newArticles(1);
    await like(a.token, art.id);
    const mark = async (token: string) =>
      (await call(list, "/api/v1/articles?limit=50", { token })).body.data.items.find((x: { id: number }) => x.id === art.id)?.is_liked;
    expect(await mark(a.token)).toBe(true);
    expect(await mark(b.token)).toBe(false);
  });
});
