// The console's curation through its API, and what readers see afterwards through their own paths: a hidden
// article leaves the feed (the visitors' cached page included), search, the chat's retrieval, the sitemap and
// its permalink within one request, keeps its likes and history rows, and comes back whole when shown again; a
// pinned article opens page 1 for visitors and signed-in readers without a gap or a repeat on later pages.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as adminList } from "@/app/api/admin/articles/route";
import { DELETE as adminDelete, PATCH as adminEdit } from "@/app/api/admin/articles/[id]/route";
import { POST as hide } from "@/app/api/admin/articles/[id]/hide/route";
import { POST as pin } from "@/app/api/admin/articles/[id]/pin/route";
import { POST as unhide } from "@/app/api/admin/articles/[id]/unhide/route";
import { POST as unpin } from "@/app/api/admin/articles/[id]/unpin/route";
import { GET as feed } from "@/app/api/v1/articles/route";
import { GET as search } from "@/app/api/v1/articles/search/route";
import { countArticles, MAX_PINNED } from "@/lib/articles/queries";
import { retrieveArticleIds } from "@/lib/search/questions";
import { findArticle } from "@/lib/articles/service";
import { getDb } from "@/lib/db";
import { adminAudit, articles, likes, readHistory, users } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { recordRead } from "@/lib/interactions/history";
import { toggleLike } from "@/lib/interactions/likes";
import { call } from "@/test/api";
import { sitemapArticleIds } from "@/test/sitemaps";
import { newUser } from "@/test/users";

type Item = { id: number; title: string };
let admin: { id: number; token: string };
let reader: { id: number; token: string };

beforeAll(async () => {
  const db = await getDb();
  await seedDemoArticles(db);
  admin = await newUser("op");
  await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  reader = await newUser("reader");
});

const act = (handler: typeof hide, id: number, json?: unknown) =>
  call(handler, `/api/admin/articles/${id}`, { method: "POST", token: admin.token, params: { id: String(id) }, json });
const feedIds = async (token?: string, page = 1) => {
  const res = await call(feed, `/api/v1/articles?page=${page}${token ? "&exclude_read=true" : ""}`, { token });
  expect(res.status).toBe(200);
  return { ids: (res.body.data.items as Item[]).map((i) => i.id), total: res.body.data.total as number };
};
const searchIds = async (keyword: string) => {
  const res = await call(search, `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}`);
  expect(res.status).toBe(200);
  return (res.body.data.items as Item[]).map((i) => i.id);
};
const sitemapIds = sitemapArticleIds;
const auditFor = async (id: number) =>
  (await getDb()).select().from(adminAudit).where(and(eq(adminAudit.objectType, "article"), eq(adminAudit.objectId, String(id)))).orderBy(adminAudit.id);

describe("hiding an article", () => {
  it("takes it out of every reader path at once and brings it back whole", async () => {
    const db = await getDb();
    const before = await feedIds();
    const target = before.ids[2];
    const [row] = await db.select().from(articles).where(eq(articles.id, target));
    const keyword = row.title.slice(0, 4);
    expect(await searchIds(keyword)).toContain(target);
    expect(await sitemapIds()).toContain(target);
    expect(await retrieveArticleIds({ db, question: row.title, limit: 5 })).toContain(target);
    await toggleLike({ db, userId: reader.id, articleId: target });
    await recordRead({ db, userId: reader.id, articleId: target });
    const count = await countArticles({ db });

    const res = await act(hide, target);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ changed: true });
    // The visitors' page 1 is served from memory: the version check drops it within this one request.
    const after = await feedIds();
    expect(after.ids).not.toContain(target);
    expect(after.total).toBe(before.total - 1);
    expect(await countArticles({ db })).toBe(count - 1);
    expect(await searchIds(keyword)).not.toContain(target);
    expect(await sitemapIds()).not.toContain(target);
    expect(await retrieveArticleIds({ db, question: row.title, limit: 5 })).not.toContain(target);
    expect(await findArticle(String(target))).toBeNull();
    // Likes and history rows stay.
    expect(await db.select().from(likes).where(and(eq(likes.articleId, target), eq(likes.userId, reader.id)))).toHaveLength(1);
    expect(await db.select().from(readHistory).where(and(eq(readHistory.articleId, target), eq(readHistory.userId, reader.id)))).toHaveLength(1);

    // Hiding again changes and records nothing.
    expect((await act(hide, target)).body.data).toMatchObject({ changed: false });
    expect((await auditFor(target)).map((a) => a.action)).toEqual(["article.hide"]);

    expect((await act(unhide, target)).body.data).toMatchObject({ changed: true });
    expect((await feedIds()).ids).toEqual(before.ids);
    expect(await countArticles({ db })).toBe(count);
    expect(await searchIds(keyword)).toContain(target);
    expect(await sitemapIds()).toContain(target);
    expect(await findArticle(String(target))).not.toBeNull();
    const audit = await auditFor(target);
    expect(audit.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
      ["article.hide", admin.id, { hidden: false, title: row.title }, { hidden: true, title: row.title }],
      ["article.unhide", admin.id, { hidden: true, title: row.title }, { hidden: false, title: row.title }],
    ]);
  });
});

describe("pinning an article", () => {
  it("puts it first on page 1 for visitors and signed-in readers, without gaps or repeats after", async () => {
    const db = await getDb();
    const visitor = await feedIds();
    const pageTwo = (await feedIds(admin.token, 2)).ids;
    const target = pageTwo[5];
    await recordRead({ db, userId: reader.id, articleId: target }); // read or not, a pin shows
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await act(pin, target, { until });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: true, pinned_until: until });

    const pinnedVisitor = await feedIds();
    expect(pinnedVisitor.ids[0]).toBe(target);
    expect(pinnedVisitor.ids.slice(1)).toEqual(visitor.ids.slice(0, 19));
    expect((await feedIds(reader.token)).ids[0]).toBe(target);
    const one = (await feedIds(admin.token, 1)).ids;
    const two = (await feedIds(admin.token, 2)).ids;
    expect(one[0]).toBe(target);
    expect(new Set([...one, ...two]).size).toBe(40);
    expect(two).not.toContain(target);
    expect(two[0]).toBe(visitor.ids[19]);

    // Same end again: nothing changes; a pin on a hidden article is refused.
    expect((await act(pin, target, { until })).body.data).toMatchObject({ changed: false });
    const hiddenOne = visitor.ids[10];
    await act(hide, hiddenOne);
    const refused = await act(pin, hiddenOne, { until });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/隐藏/);
    await act(unhide, hiddenOne);

    expect((await act(unpin, target)).body.data).toEqual({ changed: true });
    expect((await feedIds()).ids).toEqual(visitor.ids);
    expect((await act(unpin, target)).body.data).toEqual({ changed: false });
  });

  it(`holds at most ${MAX_PINNED} pins at once`, async () => {
    const ids = (await feedIds()).ids.slice(0, MAX_PINNED + 1);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    for (const id of ids.slice(0, MAX_PINNED)) expect((await act(pin, id, { until })).status).toBe(200);
    const over = await act(pin, ids[MAX_PINNED], { until });
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain(`最多同时置顶 ${MAX_PINNED} 篇`);
    for (const id of ids.slice(0, MAX_PINNED)) await act(unpin, id);
  });

  it("ends by itself at its end date", async () => {
    const db = await getDb();
    const id = (await feedIds()).ids[15];
    await db.update(articles).set({ pinnedAt: new Date(Date.now() - 60_000), pinnedUntil: new Date(Date.now() - 1000) }).where(eq(articles.id, id));
    const { ids } = await feedIds(admin.token);
    expect(ids[0]).not.toBe(id);
    expect(ids.filter((x) => x === id).length).toBeLessThanOrEqual(1);
    await db.update(articles).set({ pinnedAt: null, pinnedUntil: null }).where(eq(articles.id, id));
  });
});

describe("editing and deleting", () => {
  it("edits title, summary and platform, searchable by the new title, recording before → after", async () => {
    const id = (await feedIds()).ids[4];
    const res = await call(adminEdit, `/api/admin/articles/${id}`, { method: "PATCH", token: admin.token, params: { id: String(id) }, json: { title: "运营改过的标题蓝鲸迁徙", summary: "", platform: "zhihu" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: true });
    expect(await searchIds("蓝鲸迁徙")).toEqual([id]);
    const article = await findArticle(String(id));
    expect(article).toMatchObject({ title: "运营改过的标题蓝鲸迁徙", summary: null, platform_name: "zhihu", source_platform: "知乎" });
    const [entry] = (await auditFor(id)).filter((a) => a.action === "article.edit");
    expect(entry.after).toEqual({ title: "运营改过的标题蓝鲸迁徙", summary: null, platform: "zhihu" });
    const same = await call(adminEdit, `/api/admin/articles/${id}`, { method: "PATCH", token: admin.token, params: { id: String(id) }, json: { title: "运营改过的标题蓝鲸迁徙" } });
    expect(same.body.data).toEqual({ changed: false });
  });

  it("deletes an article once; a second delete is a 404", async () => {
    const id = (await feedIds()).ids[7];
    const del = () => call(adminDelete, `/api/admin/articles/${id}`, { method: "DELETE", token: admin.token, params: { id: String(id) } });
    expect((await del()).status).toBe(200);
    expect((await feedIds()).ids).not.toContain(id);
    const again = await del();
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("文章不存在或已被删除");
    expect((await auditFor(id)).map((a) => a.action)).toContain("article.delete");
  });
});

describe("the console's list", () => {
  const list = (qs: string) => call(adminList, `/api/admin/articles?${qs}`, { token: admin.token });

  it("finds by title words, id and source link, and filters hidden, pinned and platform", async () => {
    const db = await getDb();
    const [a, b] = (await feedIds()).ids;
    const [row] = await db.select().from(articles).where(eq(articles.id, a));
    expect((await list(`q=${a}`)).body.items.map((i: Item) => i.id)).toEqual([a]);
    expect((await list(`q=${encodeURIComponent(row.sourceUrl)}`)).body.items.map((i: Item) => i.id)).toEqual([a]);
    expect((await list(`q=${encodeURIComponent(row.title.slice(0, 4))}`)).body.items.map((i: Item) => i.id)).toContain(a);
    await act(hide, b);
    const [bRow] = await db.select().from(articles).where(eq(articles.id, b));
    const hidden = await list("status=hidden");
    expect(hidden.body.items.map((i: Item) => i.id)).toEqual([b]);
    expect(hidden.body.total).toBe(1);
    // A hidden article's search text is empty, yet the console still finds it by its title.
    expect((await list(`q=${encodeURIComponent(bRow.title.slice(0, 4))}`)).body.items.map((i: Item) => i.id)).toContain(b);
    expect((await list("hidden=false")).body.items.map((i: Item) => i.id)).not.toContain(b);
    await act(unhide, b);
    await act(pin, a, { until: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await list("pinned=true")).body.items.map((i: Item) => i.id)).toEqual([a]);
    await act(unpin, a);
    const zhihu = await list("platform=zhihu");
    expect(zhihu.body.items.length).toBeGreaterThan(0);
    expect(zhihu.body.items.every((i: { platform_name: string }) => i.platform_name === "zhihu")).toBe(true);
    const all = await list("limit=5");
    expect(all.body.total).toBe((await countArticles({ db })) + 0);
    expect(all.body.items).toHaveLength(5);
  });

  it.each([
    ["page=0", /page/],
    ["limit=abc", /limit/],
    ["platform=myspace", /未知平台/],
    ["from=yesterday", /日期/],
    ["hidden=maybe", /hidden/],
    ["status=gone", /status/],
    ["source_id=-1", /source_id/],
    [`q=${"长".repeat(101)}`, /100/],
    ["page=600&limit=20", /10000/],
  ])("answers 400 with a Chinese detail to %s", async (qs, detail) => {
    const res = await list(qs);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each([
    [pin, { until: "下周" }, 400, /格式/],
    [pin, { until: new Date(Date.now() - 1000).toISOString() }, 400, /晚于现在/],
    [pin, { until: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 400, /366/],
    [pin, {}, 400, /置顶结束时间/],
    [hide, undefined, 404, /不存在/],
  ] as const)("refuses bad actions with a Chinese detail (%#)", async (handler, json, status, detail) => {
    const id = status === 404 ? 999_999 : (await feedIds()).ids[0];
    const res = await act(handler, id, json);
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(detail);
  });

  it.each([
    [{}, /至少修改/],
    [{ title: "  " }, /标题不能为空/],
    [{ title: "长".repeat(201) }, /200/],
    [{ platform: "myspace" }, /未知平台/],
    [{ summary: 5 }, /摘要/],
  ])("refuses a bad edit %j", async (json, detail) => {
    const id = (await feedIds()).ids[0];
    const res = await call(adminEdit, `/api/admin/articles/${id}`, { method: "PATCH", token: admin.token, params: { id: String(id) }, json });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });
});
