// Takedowns hold in a reader's own lists (issue 28, row 2): a hidden article cannot be liked, favourited or
// recorded (404 with the unknown-id detail, so hidden ids cannot be probed), its like status and counters are
// not served, the lists show it as a placeholder (title only, no body, no source, counters zero), and its
// reader can still remove it from their lists.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { DELETE as unlikeRoute, POST as toggleRoute } from "@/app/api/v1/likes/[articleId]/route";
import { GET as myLikes } from "@/app/api/v1/likes/my-likes/route";
import { GET as statusRoute } from "@/app/api/v1/likes/status/[articleId]/route";
import { POST as favoriteRoute } from "@/app/api/v1/favorites/route";
import { DELETE as unfavoriteRoute } from "@/app/api/v1/favorites/[articleId]/route";
import { GET as myFavorites } from "@/app/api/v1/favorites/my-favorites/route";
import { POST as recordRoute } from "@/app/api/v1/user-read-history/record/route";
import { GET as myHistory } from "@/app/api/v1/user-read-history/my-history/route";
import { DELETE as removeRecordRoute } from "@/app/api/v1/user-read-history/[id]/route";

const BODY = "下线正文：不应再被任何读者看到";
const SECRET_URL = "https://example.com/taken-down";

async function article(title: string) {
  const [a] = await (await getDb())
    .insert(articles)
    .values({ title, content: BODY, summary: "下线摘要", coverImage: "https://img.example.com/c.png", authorName: "作者", platformName: "juejin", sourceUrl: `${SECRET_URL}/${process.pid}/${title}`, likeCnt: 612, favoriteCnt: 88, viewCnt: 4096 })
    .returning();
  return a;
}
const hide = async (id: number) => (await getDb()).update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, id));

const p = (id: number) => ({ articleId: String(id) });
const like = (token: string, id: number) => call(toggleRoute, `/api/v1/likes/${id}`, { method: "POST", token, params: p(id) });
const unlike = (token: string, id: number) => call(unlikeRoute, `/api/v1/likes/${id}`, { method: "DELETE", token, params: p(id) });
const likeStatus = (token: string, id: number) => call(statusRoute, `/api/v1/likes/status/${id}`, { token, params: p(id) });
const favorite = (token: string, id: number) => call(favoriteRoute, "/api/v1/favorites", { json: { article_id: id }, token });
const unfavorite = (token: string, id: number) => call(unfavoriteRoute, `/api/v1/favorites/${id}`, { method: "DELETE", token, params: p(id) });
const record = (token: string, id: number) => call(recordRoute, "/api/v1/user-read-history/record", { json: { article_id: id }, token });

const unknownId = async () => Number((await (await getDb()).execute<{ n: number }>(sql`select coalesce(max(id), 0) + 1000 as n from articles`)).rows[0].n);

describe("a hidden article", () => {
  it("cannot be favourited, recorded or liked: the same 404 as an unknown id, and no row is written", async () => {
    const reader = await newUser();
    const a = await article("刚被下线");
    await hide(a.id);
    const missing = await unknownId();
    for (const attempt of [favorite, record, like, likeStatus]) {
      const hidden = await attempt(reader.token, a.id);
      const unknown = await attempt(reader.token, missing);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ detail: MSG.articleNotFound });
      expect(hidden.body).toEqual(unknown.body);
    }
    // Removing what one never had is not a way to tell a hidden id from an unknown one either.
    expect((await unlike(reader.token, a.id)).body).toEqual({ detail: MSG.articleNotFound });
    expect((await unfavorite(reader.token, a.id)).body).toEqual({ detail: MSG.articleNotFound });
    const [row] = await (await getDb()).select().from(articles).where(eq(articles.id, a.id));
    expect([row.likeCnt, row.favoriteCnt, row.viewCnt]).toEqual([612, 88, 4096]);
    for (const list of [myLikes, myFavorites, myHistory]) expect((await call(list, "/api/v1/x", { token: reader.token })).body.total).toBe(0);
  });

  it("kept in a reader's lists comes back as a placeholder: title only, no body, no source, no counters", async () => {
    const reader = await newUser();
    const a = await article("收藏后下线");
    const b = await article("仍然可见");
    for (const x of [a, b]) {
      await like(reader.token, x.id);
      await favorite(reader.token, x.id);
      await record(reader.token, x.id);
    }
    await hide(a.id);
    const placeholder = {
      id: a.id,
      title: "收藏后下线",
      content: null,
      summary: null,
      cover_image: null,
      author_name: null,
      platform_name: null,
      source_platform: null,
      source_url: null,
      create_time: Math.floor(a.publishedAt.getTime() / 1000),
      like_cnt: 0,
      comment_cnt: 0,
      favorite_cnt: 0,
      view_cnt: 0,
      is_liked: true,
      is_favorited: true,
      unavailable: true,
    };
    for (const [list, path] of [[myFavorites, "favorites/my-favorites"], [myFavorites, "favorites/my-favorites?sort=title"], [myHistory, "user-read-history/my-history"], [myLikes, "likes/my-likes"]] as const) {
      const res = await call(list, `/api/v1/${path}`, { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(2);
      const shown = res.body.items.map((r: { article: { id: number } }) => r.article);
      expect(shown.find((x: { id: number }) => x.id === a.id)).toEqual(placeholder);
      expect(shown.find((x: { id: number }) => x.id === b.id)).toMatchObject({ content: BODY, like_cnt: 613 });
      expect(shown.find((x: { id: number }) => x.id === b.id)).not.toHaveProperty("unavailable");
      expect(JSON.stringify(res.body.items.find((r: { article: { id: number } }) => r.article.id === a.id))).not.toMatch(/下线正文|下线摘要|taken-down|img\.example|juejin|作者/);
    }
    // Liking it again (the toggle) or re-reading it is refused; the like status is not served either.
    expect((await like(reader.token, a.id)).status).toBe(404);
    expect((await record(reader.token, a.id)).status).toBe(404);
    expect((await likeStatus(reader.token, a.id)).status).toBe(404);
  });

  it("can still be removed from a reader's likes, favourites and history, without its counters", async () => {
    const reader = await newUser();
    const a = await article("待清理");
    await like(reader.token, a.id);
    await favorite(reader.token, a.id);
    const recordId = (await record(reader.token, a.id)).body.data.id;
    await hide(a.id);
    expect((await unlike(reader.token, a.id)).body).toEqual({ data: { action: "unliked", like_cnt: 0 } });
    expect((await unfavorite(reader.token, a.id)).body).toEqual({ data: { is_favorited: false, favorite_cnt: 0 } });
    const removed = await call(removeRecordRoute, `/api/v1/user-read-history/${recordId}`, { method: "DELETE", token: reader.token, params: { id: String(recordId) } });
    expect(removed.body).toEqual({ data: { id: recordId } });
    for (const list of [myLikes, myFavorites, myHistory]) expect((await call(list, "/api/v1/x", { token: reader.token })).body).toEqual({ items: [], total: 0 });
    const [row] = await (await getDb()).select().from(articles).where(eq(articles.id, a.id));
    expect([row.likeCnt, row.favoriteCnt]).toEqual([612, 88]);
  });

  it("a deleted article takes its records with it", async () => {
    const reader = await newUser();
    const a = await article("被删除");
    await like(reader.token, a.id);
    await favorite(reader.token, a.id);
    await record(reader.token, a.id);
    await (await getDb()).delete(articles).where(eq(articles.id, a.id));
    for (const list of [myLikes, myFavorites, myHistory]) expect((await call(list, "/api/v1/x", { token: reader.token })).body.total).toBe(0);
    for (const attempt of [favorite, record, like, unlike, unfavorite]) expect((await attempt(reader.token, a.id)).body).toEqual({ detail: MSG.articleNotFound });
  });
});
