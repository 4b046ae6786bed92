import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as search } from "@/app/api/v1/articles/search/route";
import { getDb } from "@/lib/db";
import { articles, summaryTasks } from "@/lib/db/schema";
import { initialSteps, MAX_RUNNING_PER_USER } from "@/lib/summary/service";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { POST as create } from "./create-task/route";
import { GET as history } from "./history/route";
import { POST as createArticle } from "./task/[id]/create-article/route";
import { GET as status } from "./task/[id]/status/route";

const start = (token: string, json: unknown) => call(create, "/api/summary/create-task", { json, token });
const statusOf = (token: string | undefined, id: string) => call(status, `/api/summary/task/${id}/status`, { token, params: { id } });
const addArticle = (token: string, id: string) => call(createArticle, `/api/summary/task/${id}/create-article`, { method: "POST", token, params: { id } });

/** Marks a task completed as a worker would. */
async function finish(uuid: string, title = "总结标题") {
  const [t] = await (await getDb()).select().from(summaryTasks).where(eq(summaryTasks.uuid, uuid));
  await (await getDb())
    .update(summaryTasks)
    .set({
      status: "completed",
      progress: 100,
      completedAt: sql`now()`,
      result: { title, content: "## 要点\n\n- 第一点：琉璃瓦要烧三次", summary: "琉璃瓦要烧三次", source_url: t.url, method: t.method, created_at: new Date().toISOString(), reused: false, article_id: null },
    })
    .where(eq(summaryTasks.uuid, uuid));
}

beforeEach(async () => {
  await (await getDb()).execute(sql`delete from summary_tasks`);
});

describe("summary tasks", () => {
  it("creates a pending task with its four steps, visible to its owner only", async () => {
    const a = await newUser("s");
    const b = await newUser("s");
    const res = await start(a.token, { url: "https://example.com/post?utm_source=x#top", method: "detailed" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "pending" });
    const s = await statusOf(a.token, res.body.task_id);
    expect(s.body).toMatchObject({ status: "pending", progress: 0, url: "https://example.com/post?utm_source=x#top", method: "detailed", error: null, result: null });
    expect(Object.keys(s.body.steps).sort()).toEqual(["fetch", "process", "summarize", "transcribe"]);
    expect((await statusOf(b.token, res.body.task_id)).status).toBe(404);
    expect((await statusOf(a.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await statusOf(a.token, "not-a-uuid")).status).toBe(400);
    expect((await statusOf(undefined, res.body.task_id)).status).toBe(401);
  });

  it.each([
    [{ url: "ftp://example.com/x", method: "quick" }],
    [{ url: "不是链接", method: "quick" }],
    [{ url: "https://example.com/a", method: "poem" }],
    [{}],
  ])("rejects %j with 400", async (body) => {
    const a = await newUser("s");
    const res = await start(a.token, body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
  });

  it("needs a token", async () => {
    expect((await call(create, "/api/summary/create-task", { json: { url: "https://example.com", method: "quick" } })).status).toBe(401);
  });

  it(`limits a user to ${MAX_RUNNING_PER_USER} running tasks`, async () => {
    const a = await newUser("s");
    for (let i = 0; i < MAX_RUNNING_PER_USER; i++) expect((await start(a.token, { url: `https://example.com/${i}`, method: "quick" })).status).toBe(200);
    const over = await start(a.token, { url: "https://example.com/over", method: "quick" });
    expect(over.status).toBe(429);
    expect(over.body.detail).toContain("最多同时进行");
  });

  it("reuses a completed summary of the same page and method at once", async () => {
    const a = await newUser("s");
    const b = await newUser("s");
    const first = await start(a.token, { url: "https://example.com/page/?utm_medium=x", method: "quick" });
    await finish(first.body.task_id);
    const again = await start(b.token, { url: "https://EXAMPLE.com/page", method: "quick" });
    expect(again.body.status).toBe("completed");
    const s = (await statusOf(b.token, again.body.task_id)).body;
    expect(s).toMatchObject({ status: "completed", progress: 100, result: { title: "总结标题", reused: true } });
    const otherMethod = await start(b.token, { url: "https://example.com/page", method: "knowledge" });
    expect(otherMethod.body.status).toBe("pending");
    const forced = await start(b.token, { url: "https://example.com/page", method: "quick", force: true });
    expect(forced.body.status).toBe("pending");
  });

  it("gives a reused summary each reader's own link, never the first requester's share tokens", async () => {
    const a = await newUser("s");
    const b = await newUser("s");
    const mine = "https://www.bilibili.com/video/BV1Ab411c7Xy?vd_source=aaaa1111&share_token=first-tok#t=30";
    const theirs = "https://www.bilibili.com/video/BV1Ab411c7Xy/?vd_source=bbbb2222&xsec_token=second-tok#p2";
    const first = await start(a.token, { url: mine, method: "quick" });
    await finish(first.body.task_id);
    const again = await start(b.token, { url: theirs, method: "quick" });
    expect(again.body.status).toBe("completed");
    const s = (await statusOf(b.token, again.body.task_id)).body;
    expect(s).toMatchObject({ url: theirs, result: { reused: true, source_url: theirs } });
    const h = (await call(history, "/api/summary/history", { token: b.token })).body;
    expect(h.items.map((i: { url: string }) => i.url)).toEqual([theirs]);
    for (const body of [s, h]) for (const token of ["aaaa1111", "first-tok", "#t=30"]) expect(JSON.stringify(body)).not.toContain(token);
    // The first reader's own result still carries their link; an article made from either is stored without tokens.
    expect((await statusOf(a.token, first.body.task_id)).body.result.source_url).toBe(mine);
    const made = await addArticle(b.token, again.body.task_id);
    const [row] = await (await getDb()).select().from(articles).where(eq(articles.id, made.body.article_id));
    expect(row.sourceUrl).toBe("https://www.bilibili.com/video/BV1Ab411c7Xy");
  });

  it("adds a finished summary to the article list once, under its normalized link, waiting for review", async () => {
    const a = await newUser("s");
    const t = await start(a.token, { url: "https://www.zhihu.com/question/1?utm_source=wechat", method: "quick" });
    expect((await addArticle(a.token, t.body.task_id)).status).toBe(409);
    await finish(t.body.task_id, "琉璃瓦的烧制工艺");
    const first = await addArticle(a.token, t.body.task_id);
    expect(first.body).toMatchObject({ success: true, already_exists: false });
    const [row] = await (await getDb()).select().from(articles).where(eq(articles.id, first.body.article_id));
    expect(row).toMatchObject({ title: "琉璃瓦的烧制工艺", sourceUrl: "https://www.zhihu.com/question/1", platformName: "zhihu", sourcePlatform: "知乎", origin: "summary", reviewStatus: "pending" });
    const second = await addArticle(a.token, t.body.task_id);
    expect(second.body).toMatchObject({ success: true, article_id: first.body.article_id, already_exists: true });
    expect((await statusOf(a.token, t.body.task_id)).body.result.article_id).toBe(first.body.article_id);
    // Not public until an operator approves it (lib/admin/review.int.test.ts).
    const found = await call(search, `/api/v1/articles/search?keyword=${encodeURIComponent("琉璃瓦")}`);
    expect(found.body.data.items.map((i: { id: number }) => i.id)).not.toContain(first.body.article_id);
    const b = await newUser("s");
    expect((await addArticle(b.token, t.body.task_id)).status).toBe(404);
  });

  it("hands out no id of an article an operator took down: 409, and the task keeps none (issue 42, row 11)", async () => {
    const db = await getDb();
    const [hidden] = await db.insert(articles).values({ title: "已下架的文章", content: "正文", sourceUrl: "https://example.com/taken-down", hiddenAt: new Date() }).returning({ id: articles.id });
    const a = await newUser("s");
    const t = await start(a.token, { url: "https://example.com/taken-down?utm_source=x", method: "quick" });
    await finish(t.body.task_id);
    const res = await addArticle(a.token, t.body.task_id);
    expect([res.status, res.body]).toEqual([409, { detail: "该链接的文章已下架，不能加入文章列表" }]);
    expect(JSON.stringify((await statusOf(a.token, t.body.task_id)).body)).not.toContain(`"article_id":${hidden.id}`);
  });

  it("lists the caller's history newest first with paging flags", async () => {
    const a = await newUser("s");
    const db = await getDb();
    for (let i = 0; i < 5; i++) {
      await db.insert(summaryTasks).values({ userId: a.id, url: `https://example.com/h/${i}`, normalizedUrl: `https://example.com/h/${i}`, method: "quick", steps: initialSteps(), createdAt: new Date(Date.now() - (5 - i) * 1000) });
    }
    const p1 = (await call(history, "/api/summary/history?page=1&per_page=2", { token: a.token })).body;
    expect(p1).toMatchObject({ total: 5, per_page: 2, has_prev: false, has_next: true });
    expect(p1.items.map((i: { url: string }) => i.url)).toEqual(["https://example.com/h/4", "https://example.com/h/3"]);
    expect(Object.keys(p1.items[0]).sort()).toEqual(["completed_at", "created_at", "duration", "id", "method", "status", "steps", "task_uuid", "title", "url"]);
    const p3 = (await call(history, "/api/summary/history?page=3&per_page=2", { token: a.token })).body;
    expect(p3).toMatchObject({ has_prev: true, has_next: false });
    expect(p3.items).toHaveLength(1);
    const b = await newUser("s");
    expect((await call(history, "/api/summary/history", { token: b.token })).body.total).toBe(0);
  });
});
