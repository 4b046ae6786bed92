// Readers' articles pass an operator (issue 28, row 5): with USER_ARTICLES=review (the default) 加入文章列表 stores
// the article pending and hidden — out of the feed, search, its permalink, /feed.xml, the sitemap and the counter —
// while its author sees the usual answer; the console's 待审核 queue (operators only) approves it (published through
// the 取消隐藏 path) or rejects it (it stays out), each with its audit record. USER_ARTICLES=publish publishes at
// once. A feed item with the same link replaces a reader's article instead of being dropped, so no reader can
// squat a URL the feed brings later; an operator's own takedown of it holds.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as approve } from "@/app/api/admin/articles/[id]/approve/route";
import { POST as reject } from "@/app/api/admin/articles/[id]/reject/route";
import { POST as unhide } from "@/app/api/admin/articles/[id]/unhide/route";
import { GET as queue } from "@/app/api/admin/articles/review/route";
import { GET as feedRoute } from "@/app/api/v1/articles/route";
import { GET as searchRoute } from "@/app/api/v1/articles/search/route";
import { GET as rss } from "@/app/feed.xml/route";
import { POST as createArticle } from "@/app/api/summary/task/[id]/create-article/route";
import { countArticles } from "@/lib/articles/queries";
import { findArticle } from "@/lib/articles/service";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { adminAudit, articles, feedSources, likes, summaryTasks, users } from "@/lib/db/schema";
import type { ParsedFeed } from "@/lib/ingest/feed-common";
import { storeItems } from "@/lib/ingest/store";
import { toggleLike } from "@/lib/interactions/likes";
import { initialSteps } from "@/lib/summary/service";
import { call } from "@/test/api";
import { sitemapArticleIds } from "@/test/sitemaps";
import { newUser } from "@/test/users";

type User = { id: number; token: string };
let admin: User;
let reader: User;

beforeAll(async () => {
  admin = await newUser("op");
  await (await getDb()).update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  reader = await newUser("reader");
});

afterEach(() => {
  delete process.env.USER_ARTICLES;
  resetConfig();
});

let seq = 0;
/** A finished summary task of `url` for `user`, as a worker leaves it. */
async function summarised(user: User, url: string, title: string, method: "quick" | "knowledge" = "quick") {
  const [t] = await (await getDb())
    .insert(summaryTasks)
    .values({
      userId: user.id,
      url,
      normalizedUrl: url,
      method,
      status: "completed",
      progress: 100,
      steps: initialSteps(),
      result: { title, content: `## ${title}\n\n- 要点：${title}的来历`, summary: `${title}的来历`, source_url: url, method, created_at: new Date().toISOString(), reused: false, article_id: null },
    })
    .returning({ uuid: summaryTasks.uuid });
  return t.uuid;
}

const add = (user: User, uuid: string) => call(createArticle, `/api/summary/task/${uuid}/create-article`, { method: "POST", token: user.token, params: { id: uuid } });
const act = (handler: typeof approve, id: number, token = admin.token) => call(handler, `/api/admin/articles/${id}`, { method: "POST", token, params: { id: String(id) } });
const pageUrl = (name: string) => `https://example.com/review/${process.pid}/${name}-${++seq}`;

/** Where readers could meet the article: feed page 1, search, its permalink, /feed.xml, the sitemap. */
async function seenBy(id: number, keyword: string) {
  const feed = await call(feedRoute, "/api/v1/articles?page=1");
  const search = await call(searchRoute, `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}`);
  const xml = await call(rss, "/feed.xml");
  const listed = await sitemapArticleIds();
  return {
    feed: (feed.body.data.items as { id: number }[]).some((a) => a.id === id),
    search: (search.body.data.items as { id: number }[]).some((a) => a.id === id),
    permalink: (await findArticle(String(id))) !== null,
    feedXml: xml.text.includes(`/articles/${id}<`) || xml.text.includes(keyword),
    sitemap: listed.includes(id),
  };
}
const NOWHERE = { feed: false, search: false, permalink: false, feedXml: false, sitemap: false };
const EVERYWHERE = { feed: true, search: true, permalink: true, feedXml: true, sitemap: true };

const auditOf = async (id: number) =>
  (await (await getDb()).select().from(adminAudit).where(and(eq(adminAudit.objectType, "article"), eq(adminAudit.objectId, String(id)))).orderBy(adminAudit.id)).map(
    (a) => [a.action, a.actorId, a.before, a.after],
  );

describe("a reader's article with USER_ARTICLES=review (the default)", () => {
  it("waits out of every reader path until an operator approves it; the author's answers are unchanged", async () => {
    const db = await getDb();
    const url = pageUrl("qinghua");
    const uuid = await summarised(reader, url, "青花瓷的釉色秘密");
    const count = await countArticles({ db });

    const res = await add(reader, uuid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, article_id: expect.any(Number), already_exists: false, message: "已成功加入文章列表" });
    const id = res.body.article_id as number;
    const [row] = await db.select().from(articles).where(eq(articles.id, id));
    expect(row).toMatchObject({ reviewStatus: "pending", origin: "summary", sourceUrl: url, searchTitle: "", searchBody: "", searchGrams: "" });
    expect(row.hiddenAt).not.toBeNull();
    expect(await seenBy(id, "青花瓷")).toEqual(NOWHERE);
    expect(await countArticles({ db })).toBe(count);

    // Asking again while it waits — the author or another reader of the same page — is already_exists.
    expect((await add(reader, uuid)).body).toEqual({ success: true, article_id: id, already_exists: true, message: "文章已在列表中" });
    const other = await newUser("reader");
    expect((await add(other, await summarised(other, url, "青花瓷的釉色秘密", "knowledge"))).body).toMatchObject({ article_id: id, already_exists: true });

    // The queue: operators only, with who asked, the method, the link and a preview.
    expect((await call(queue, "/api/admin/articles/review", { token: reader.token })).status).toBe(404);
    expect((await call(queue, "/api/admin/articles/review")).status).toBe(401);
    const listed = await call(queue, "/api/admin/articles/review", { token: admin.token });
    expect(listed.status).toBe(200);
    const item = listed.body.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({ title: "青花瓷的釉色秘密", source_url: url, host: "example.com", method: "quick", author: { id: reader.id } });
    expect(item.preview).toBe("青花瓷的釉色秘密 要点：青花瓷的釉色秘密的来历");
    expect(listed.body.total).toBeGreaterThanOrEqual(1);

    // A reader cannot approve; 取消隐藏 does not publish it around the review.
    expect((await act(approve, id, reader.token)).status).toBe(404);
    expect((await act(unhide, id)).status).toBe(409);
    expect(await seenBy(id, "青花瓷")).toEqual(NOWHERE);

    const approved = await act(approve, id);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual({ changed: true });
    expect(await seenBy(id, "青花瓷")).toEqual(EVERYWHERE);
    expect(await countArticles({ db })).toBe(count + 1);
    expect((await act(approve, id)).body.data).toEqual({ changed: false });
    expect((await call(queue, "/api/admin/articles/review", { token: admin.token })).body.items.map((i: { id: number }) => i.id)).not.toContain(id);
    expect(await auditOf(id)).toEqual([["article.approve", admin.id, { review_status: "pending", title: "青花瓷的釉色秘密" }, { review_status: null, title: "青花瓷的釉色秘密" }]]);
  });

  it("stays out when rejected, and a reader cannot reject", async () => {
    const db = await getDb();
    const uuid = await summarised(reader, pageUrl("jingtailan"), "景泰蓝掐丝工艺");
    const id = (await add(reader, uuid)).body.article_id as number;
    expect((await act(reject, id, reader.token)).status).toBe(404);
    const res = await act(reject, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: true });
    const [row] = await db.select().from(articles).where(eq(articles.id, id));
    expect(row.reviewStatus).toBe("rejected");
    expect(row.hiddenAt).not.toBeNull();
    expect(await seenBy(id, "景泰蓝")).toEqual(NOWHERE);
    expect((await act(reject, id)).body.data).toEqual({ changed: false });
    expect((await call(queue, "/api/admin/articles/review", { token: admin.token })).body.items.map((i: { id: number }) => i.id)).not.toContain(id);
    // Its id is not handed out again (issue 42, row 11).
    const again = await add(reader, uuid);
    expect([again.status, again.body]).toEqual([409, { detail: "该链接的文章已下架，不能加入文章列表" }]);
    expect(await auditOf(id)).toEqual([["article.reject", admin.id, { review_status: "pending", title: "景泰蓝掐丝工艺" }, { review_status: "rejected", title: "景泰蓝掐丝工艺" }]]);
  });
});

describe("USER_ARTICLES=publish", () => {
  it("publishes a reader's article at once, as before", async () => {
    process.env.USER_ARTICLES = "publish";
    resetConfig();
    const res = await add(reader, await summarised(reader, pageUrl("zisha"), "紫砂壶的泥料"));
    expect(res.body).toMatchObject({ success: true, already_exists: false, message: "已成功加入文章列表" });
    const [row] = await (await getDb()).select().from(articles).where(eq(articles.id, res.body.article_id));
    expect(row).toMatchObject({ reviewStatus: null, hiddenAt: null });
    expect(await seenBy(row.id, "紫砂壶")).toEqual(EVERYWHERE);
  });
});

describe("a feed item with a reader's article's link", () => {
  it("replaces a pending or a published one in place, and an operator's takedown holds", async () => {
    const db = await getDb();
    const [source] = await db.insert(feedSources).values({ url: `https://feeds.example.com/${process.pid}/${++seq}.xml` }).returning();
    const pendingUrl = pageUrl("pending");
    const pendingTask = await summarised(reader, pendingUrl, "读者写的宣纸简介");
    const pending = (await add(reader, pendingTask)).body.article_id as number;
    process.env.USER_ARTICLES = "publish";
    resetConfig();
    const publishedUrl = pageUrl("published");
    const published = (await add(reader, await summarised(reader, publishedUrl, "读者写的端砚简介"))).body.article_id as number;
    const takenDownUrl = pageUrl("takedown");
    const takenDown = (await add(reader, await summarised(reader, takenDownUrl, "读者写的徽墨简介"))).body.article_id as number;
    await db.update(articles).set({ hiddenAt: new Date(), searchTitle: "", searchBody: "", searchGrams: "" }).where(eq(articles.id, takenDown));
    await toggleLike({ db, userId: reader.id, articleId: published });
    const count = await countArticles({ db });

    const item = (url: string, title: string, n: number) => ({
      guid: `guid-${n}`,
      url,
      title,
      html: `<p>${title}：来自订阅源的正文。</p>`,
      summary: null,
      author: "订阅源作者",
      publishedAt: new Date("2026-01-02T03:04:05Z"),
      cover: null,
      media: [],
    });
    const feed: ParsedFeed = {
      kind: "rss",
      title: "文房四宝",
      siteUrl: null,
      ttlMinutes: null,
      items: [item(pendingUrl, "宣纸的制作流程", 1), item(publishedUrl, "端砚的石品花纹", 2), item(takenDownUrl, "徽墨的松烟配方", 3)],
    };
    const stored = await storeItems({ db, source, feed });
    expect(stored.added.sort((a, b) => a - b)).toEqual([pending, published, takenDown].sort((a, b) => a - b));
    expect(stored.duplicates).toBe(0);

    const rowOf = async (id: number) => (await db.select().from(articles).where(eq(articles.id, id)))[0];
    for (const [id, title] of [
      [pending, "宣纸的制作流程"],
      [published, "端砚的石品花纹"],
    ] as const) {
      expect(await rowOf(id)).toMatchObject({ title, origin: "feed", authorName: "订阅源作者", feedSourceId: source.id, reviewStatus: null, hiddenAt: null, publishedAt: new Date("2026-01-02T03:04:05Z") });
      expect((await rowOf(id)).guid).toMatch(/^guid-\d$/);
    }
    expect(await seenBy(pending, "宣纸")).toMatchObject({ search: true, permalink: true, sitemap: true });
    expect(await seenBy(published, "端砚")).toMatchObject({ search: true, permalink: true });
    // The reader's like stays on the same row; the summary task still points at it.
    expect(await db.select().from(likes).where(and(eq(likes.articleId, published), eq(likes.userId, reader.id)))).toHaveLength(1);
    expect((await rowOf(published)).likeCnt).toBe(1);
    expect((await db.select().from(summaryTasks).where(eq(summaryTasks.uuid, pendingTask)))[0].articleId).toBe(pending);
    // The operator's takedown holds: the feed's text, but hidden and unsearchable.
    const down = await rowOf(takenDown);
    expect(down).toMatchObject({ title: "徽墨的松烟配方", origin: "feed", reviewStatus: null, searchTitle: "", searchBody: "" });
    expect(down.hiddenAt).not.toBeNull();
    expect(await seenBy(takenDown, "徽墨")).toEqual(NOWHERE);
    // The pending article joined the visible count.
    expect(await countArticles({ db })).toBe(count + 1);

    // A second poll of the same feed adds nothing.
    expect((await storeItems({ db, source, feed })).added).toEqual([]);
  });
});
