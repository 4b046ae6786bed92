import { beforeAll, describe, expect, it } from "vitest";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { call } from "@/test/api";
import { articles, users } from "@/lib/db/schema";
import { inArray } from "drizzle-orm";
import { COMMITTED_MIGRATIONS } from "@/test/migrations";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { GET as list } from "./route";
import { GET as search } from "./search/route";
import { GET as one } from "./[id]/route";

const ARTICLE_FIELDS = [
  "id", "title", "content", "summary", "cover_image", "author_name", "platform_name", "source_platform",
  "source_url", "create_time", "like_cnt", "comment_cnt", "favorite_cnt", "view_cnt",
].sort();

let seeded = 0;
beforeAll(async () => {
  seeded = await seedDemoArticles(await getDb());
});

describe("GET /api/v1/articles/{id}", () => {
  const get = (id: string) => call(one, `/api/v1/articles/${id}`, { params: { id } });
  it("answers a visible article with every Article field, 404 once it is hidden or for an unknown id, 400 for a malformed one", async () => {
    const db = await getDb();
    const [row] = await db.select({ id: articles.id, title: articles.title }).from(articles).limit(1);
    const found = await get(String(row.id));
    expect(found.status).toBe(200);
    expect(Object.keys(found.body.data).sort()).toEqual(ARTICLE_FIELDS);
    expect(found.body.data).toMatchObject({ id: row.id, title: row.title });
    expect(found.body.data.content).toBeTruthy();
    await db.update(articles).set({ hiddenAt: new Date() }).where(inArray(articles.id, [row.id]));
    expect(await get(String(row.id))).toMatchObject({ status: 404, body: { detail: "文章不存在" } });
    await db.update(articles).set({ hiddenAt: null }).where(inArray(articles.id, [row.id]));
    expect((await get("999999999")).status).toBe(404);
    expect((await get("abc")).status).toBe(400);
  });
});

describe("GET /api/v1/articles/", () => {
  it("answers page 1 with 20 articles carrying every Article field, in hot order", async () => {
    const { status, body } = await call(list, "/api/v1/articles/?page=1&limit=20");
    expect(status).toBe(200);
    expect(body.data.total).toBe(seeded);
    expect(body.data.items).toHaveLength(20);
    for (const item of body.data.items) {
      expect(Object.keys(item).sort()).toEqual(ARTICLE_FIELDS);
      expect(Number.isInteger(item.create_time)).toBe(true);
    }
    // The documented score: log10(likes + 2·favourites + views/50, at least 1) + seconds since 2020 / 45,000.
    const score = (a: { like_cnt: number; favorite_cnt: number; view_cnt: number; create_time: number }) =>
      Math.log10(Math.max(a.like_cnt + 2 * a.favorite_cnt + a.view_cnt / 50, 1)) + (a.create_time - Date.UTC(2020, 0, 1) / 1000) / 45000;
    const all = (await call(list, "/api/v1/articles?limit=50")).body.data.items;
    const scores = all.map(score);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1] + 1e-6);
  });

  it("ranks a much more engaging article above a slightly newer one", async () => {
    const db = await getDb();
    const now = Date.now();
    await db.insert(articles).values([
      { title: "热门旧文", sourceUrl: "https://example.com/hot/old", publishedAt: new Date(now - 3600_000), likeCnt: 50_000, viewCnt: 1_000_000 },
      { title: "冷门新文", sourceUrl: "https://example.com/hot/new", publishedAt: new Date(now), likeCnt: 0, viewCnt: 10 },
    ]);
    const titles = (await call(list, "/api/v1/articles?limit=50")).body.data.items.map((a: { title: string }) => a.title);
    expect(titles.indexOf("热门旧文")).toBeLessThan(titles.indexOf("冷门新文"));
    await db.delete(articles).where(inArray(articles.sourceUrl, ["https://example.com/hot/old", "https://example.com/hot/new"]));
  });

  it("defaults to page 1 and 20 items, and clamps limit to 50", async () => {
    expect((await call(list, "/api/v1/articles")).body.data.items).toHaveLength(20);
    expect((await call(list, "/api/v1/articles?limit=500")).body.data.items).toHaveLength(50);
    expect((await call(list, "/api/v1/articles?limit=3")).body.data.items).toHaveLength(3);
  });

  it.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["limit=0", "limit"],
    ["limit=x", "limit"],
    ["exclude_read=maybe", "exclude_read"],
  ])("rejects %s with 400 naming the parameter", async (qs, name) => {
    const { status, body } = await call(list, `/api/v1/articles?${qs}`);
    expect(status).toBe(400);
    expect(body.detail).toContain(name);
  });

  it("asks anonymous visitors (or a bad token) to log in for page 2, and serves it to a signed-in user", async () => {
    const { status, body } = await call(list, "/api/v1/articles?page=2");
    expect(status).toBe(401);
    expect(body.detail).toBe("登录后可查看更多内容");
    const bad = await call(list, "/api/v1/articles?page=1", { token: "nope" });
    expect(bad.status).toBe(200);
    const [user] = await (await getDb()).insert(users).values({ accountName: "pager" }).returning();
    const token = await signToken(user.id);
    const page2 = (await call(list, "/api/v1/articles?page=2&limit=20", { token })).body;
    expect(page2.data.items).toHaveLength(20);
    const page1 = (await call(list, "/api/v1/articles?page=1&limit=20", { token })).body;
    expect(page2.data.items[0].id).not.toBe(page1.data.items[0].id);
  });
});

describe("GET /api/v1/articles/search", () => {
  it("finds articles by a Chinese keyword, title matches first", async () => {
    const { status, body } = await call(search, `/api/v1/articles/search?keyword=${encodeURIComponent("大模型")}`);
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.items[0].title).toContain("大模型");
  });

  it("treats SQL-looking keywords as text", async () => {
    const { status, body } = await call(search, `/api/v1/articles/search?keyword=${encodeURIComponent("'; drop table articles; --")}`);
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThanOrEqual(0);
    expect((await call(list, "/api/v1/articles")).body.data.total).toBe(seeded);
  });

  it.each([["", 400], ["keyword=", 400], [`keyword=${"长".repeat(101)}`, 400]])("rejects %s", async (qs, status) => {
    expect((await call(search, `/api/v1/articles/search?${qs}`)).status).toBe(status);
  });
});

describe("health", () => {
  it("/api/health answers without the database", async () => {
    const res = await health();
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("/api/ready answers 200 once migrations are applied", async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready", migrations: COMMITTED_MIGRATIONS });
  });
});
