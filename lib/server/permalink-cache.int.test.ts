// The visitors' permalink cache against a real database (the updated_at trigger of migration 0010, the
// row version) and a loopback server standing in for Next.js: it renders an article's title and like count
// with a fresh nonce, and a 404 for an unknown id.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COUNTERS_MAX_AGE_MS, articleVersion } from "@/lib/articles/version";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { send } from "@/test/http";
import { etagOf } from "./conditional-get";
import { RENDER_HEADER } from "./page-cache-slot";
import { pageRenderer } from "./page-render";
import { createPermalinkCache } from "./permalink-cache";
import { gate } from "@/test/gate";

const SECRET = "permalink-cache-test-secret";
let server: Server;
let origin = "";
let renders: string[] = [];
/** `hold`: the stand-in answers once it settles (a render the test keeps under way). */
let answer: { status?: number; hold?: Promise<void> } = {};
/** Called when the stand-in receives a render request. */
let renderArrived = () => {};
/** The related articles the stand-in renders on an article's page, as visible in the database at render time. */
const relatedOf = new Map<number, number[]>();

beforeAll(async () => {
  await getDb(); // opened and migrated here, under the hook's longer timeout, not in the first test's
  server = createServer(async (req, res) => {
    renders.push(req.url!);
    renderArrived();
    if (answer.hold) await answer.hold;
    if (req.headers[RENDER_HEADER] !== SECRET) return send(res, 403, "text/plain", "no secret");
    const nonce = `n${renders.length}Xy+/=`;
    const id = Number(/^\/articles\/(\d+)$/.exec(req.url!)?.[1]);
    const [row] = await (await getDb()).select({ title: articles.title, likes: articles.likeCnt }).from(articles).where(eq(articles.id, id));
    const headers = { "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'`, "Cache-Control": "private, no-store" };
    if (!row) return send(res, 404, "text/html; charset=utf-8", `<script nonce="${nonce}"></script>文章不存在`, headers);
    const shown = relatedOf.get(id)?.length
      ? (await (await getDb()).select({ id: articles.id }).from(articles).where(and(inArray(articles.id, relatedOf.get(id)!), isNull(articles.hiddenAt)))).map((r) => r.id)
      : [];
    const links = shown.map((r) => `<a href="/articles/${r}">相关</a>`).join("");
    const html = `<script nonce="${nonce}">1</script><h1>${row.title}</h1><span>点赞 ${row.likes}</span>${links}<link rel="canonical" href="/articles/${id}"/>`;
    send(res, answer.status ?? 200, "text/html; charset=utf-8", html, headers);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  renders = [];
  answer = {};
  renderArrived = () => {};
});

let n = 0;
/** Resolves once the stand-in server has received a render request (the version was read before it). */
function renderStarted(): Promise<void> {
  return renders.length > 0 ? Promise.resolve() : new Promise((resolve) => (renderArrived = resolve));
}

async function addArticle(title: string) {
  const [row] = await (await getDb()).insert(articles).values({ title, content: "正文", sourceUrl: `https://example.com/permalink-cache/${++n}` }).returning({ id: articles.id });
  return row.id;
}

function cacheWithClock(limits: { maxPages?: number; maxBytes?: number } = {}) {
  // `read`: called whenever the cache reads its clock.
  const clock: { now: number; read?: () => void } = { now: Date.parse("2026-11-24T08:00:00Z") };
  const cache = createPermalinkCache({ getDb, render: pageRenderer({ origin, secret: SECRET }), now: () => (clock.read?.(), clock.now), ...limits });
  return { clock, cache };
}

describe("articles' updated_at (migration 0010)", () => {
  it("moves when what the page shows is edited, by any statement, and not when counters move or nothing changes", async () => {
    const db = await getDb();
    const id = await addArticle("触发器测试");
    const v0 = (await articleVersion(db, id))!;
    await db.execute(sql`update articles set like_cnt = like_cnt + 1, view_cnt = view_cnt + 3 where id = ${id}`);
    const v1 = (await articleVersion(db, id))!;
    expect(v1.edited).toBe(v0.edited);
    expect(v1.row).not.toBe(v0.row);
    await db.execute(sql`update articles set title = title where id = ${id}`);
    expect((await articleVersion(db, id))!.edited).toBe(v0.edited);
    await db.execute(sql`update articles set title = '触发器测试（改）' where id = ${id}`);
    expect((await articleVersion(db, id))!.edited).not.toBe(v0.edited);
    expect(await articleVersion(db, 999_999_999)).toBeNull();
  });
});

describe("permalink cache", () => {
  it("renders a page once, on the first request, then answers from memory with the page's headers", async () => {
    const id = await addArticle("缓存的文章");
    const { cache } = cacheWithClock();
    const page = await cache.lookup(id);
    expect(page?.html).toContain("缓存的文章");
    expect(page?.nonce).toBe("n1Xy+/=");
    const headers = Object.fromEntries(page!.headers);
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers).not.toHaveProperty("content-security-policy");
    expect(headers).not.toHaveProperty("content-length");
    for (let i = 0; i < 5; i++) expect(await cache.lookup(id)).toBe(page);
    expect(renders).toEqual([`/articles/${id}`]);
  });

  it("concurrent first requests for an article share one render", async () => {
    const id = await addArticle("同时到达");
    const { cache } = cacheWithClock();
    const render = gate();
    answer = { hold: render.held };
    const lookups = Array.from({ length: 8 }, () => cache.lookup(id));
    // They share one version read, so all have joined (or started renders) before a render request can arrive.
    await renderStarted();
    render.open();
    const pages = await Promise.all(lookups);
    expect(renders).toHaveLength(1);
    for (const page of pages) expect(page).toBe(pages[0]);
  });

  it("requests arriving while counters keep moving join the render under way; an edit does not", async () => {
    const db = await getDb();
    const id = await addArticle("点赞不断");
    const { cache, clock } = cacheWithClock();
    const render = gate();
    answer = { hold: render.held };
    const first = cache.lookup(id);
    await renderStarted();
    await db.execute(sql`update articles set like_cnt = like_cnt + 1 where id = ${id}`);
    // A lookup reads the clock once it has read the version, then joins (or starts) a render in the same turn:
    // the render is let go only after that, so the second request meets it under way.
    const decided = new Promise<void>((resolve) => (clock.read = resolve));
    const second = cache.lookup(id);
    await decided;
    clock.read = undefined;
    render.open();
    expect(await second).toBe(await first);
    expect(renders).toHaveLength(1);

    await db.update(articles).set({ title: "点赞不断（改）" }).where(eq(articles.id, id));
    expect((await cache.lookup(id))?.html).toContain("点赞不断（改）");
    expect(renders).toHaveLength(2);
  });

  it("renders again when an article it links to is hidden or deleted, not when one is liked", async () => {
    const db = await getDb();
    const id = await addArticle("有相关文章的页面");
    const [liked, hidden, deleted] = [await addArticle("相关一"), await addArticle("相关二"), await addArticle("相关三")];
    relatedOf.set(id, [liked, hidden, deleted]);
    const { cache } = cacheWithClock();
    const page = await cache.lookup(id);
    expect(page?.html).toContain(`href="/articles/${hidden}"`);
    await db.execute(sql`update articles set like_cnt = like_cnt + 1 where id = ${liked}`);
    expect(await cache.lookup(id)).toBe(page);
    expect(renders).toHaveLength(1);

    await db.update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, hidden));
    const after = await cache.lookup(id);
    expect(after?.html).not.toContain(`href="/articles/${hidden}"`);
    expect(after?.html).toContain(`href="/articles/${deleted}"`);
    expect(renders).toHaveLength(2);
    expect(await cache.lookup(id)).toBe(after);

    await db.delete(articles).where(eq(articles.id, deleted));
    expect((await cache.lookup(id))?.html).not.toContain(`href="/articles/${deleted}"`);
    expect(renders).toHaveLength(3);
  });

  it("shows an edit on the very next request, whether the app or plain SQL made it", async () => {
    const db = await getDb();
    const id = await addArticle("原来的标题");
    const { cache } = cacheWithClock();
    await cache.lookup(id);
    await db.update(articles).set({ title: "应用改过的标题" }).where(eq(articles.id, id));
    expect((await cache.lookup(id))?.html).toContain("应用改过的标题");
    await db.execute(sql`update articles set title = 'SQL 改过的标题' where id = ${id}`);
    expect((await cache.lookup(id))?.html).toContain("SQL 改过的标题");
    expect(renders).toHaveLength(3);
  });

  it("keeps every page when other articles are added (a feed collecting all the time)", async () => {
    const id = await addArticle("老文章");
    const { cache } = cacheWithClock();
    const page = await cache.lookup(id);
    for (let i = 0; i < 3; i++) await addArticle(`新收录 ${i}`);
    expect(await cache.lookup(id)).toBe(page);
    expect(renders).toHaveLength(1);
  });

  it("serves moved counters at most COUNTERS_MAX_AGE_MS late, and an unchanged page however old", async () => {
    const db = await getDb();
    const id = await addArticle("计数会变");
    const { cache, clock } = cacheWithClock();
    const page = await cache.lookup(id);
    clock.now += 60 * 60_000; // an hour without a change: still exact
    expect(await cache.lookup(id)).toBe(page);

    await db.execute(sql`update articles set like_cnt = 7 where id = ${id}`);
    clock.now += COUNTERS_MAX_AGE_MS; // rendered 10 s before the change was noticed… but it is an hour old
    const fresh = await cache.lookup(id);
    expect(fresh?.html).toContain("点赞 7");
    expect(renders).toHaveLength(2);

    await db.execute(sql`update articles set like_cnt = 8 where id = ${id}`);
    clock.now += COUNTERS_MAX_AGE_MS;
    expect(await cache.lookup(id)).toBe(fresh); // 10 s old: served
    clock.now += 1;
    expect((await cache.lookup(id))?.html).toContain("点赞 8");
    expect(renders).toHaveLength(3);
  });

  it("keeps its ETag through likes for at most COUNTERS_MAX_AGE_MS, and changes it at once on an edit", async () => {
    const db = await getDb();
    const id = await addArticle("校验值");
    const { cache, clock } = cacheWithClock();
    const page = (await cache.lookup(id))!;
    expect(page.etag).toBe(etagOf(page.html));
    expect(page.renderedAt).toBe(clock.now);

    await db.execute(sql`update articles set like_cnt = like_cnt + 1 where id = ${id}`); // a like
    clock.now += COUNTERS_MAX_AGE_MS;
    expect((await cache.lookup(id))!.etag).toBe(page.etag); // within the counters' staleness: the same page
    clock.now += 1;
    const liked = (await cache.lookup(id))!;
    expect(liked.html).toContain("点赞 1");
    expect(liked.etag).not.toBe(page.etag); // past it: rendered again, a new ETag and Last-Modified
    expect(liked.renderedAt).toBe(clock.now);

    await db.execute(sql`update articles set title = '校验值（改）' where id = ${id}`);
    const edited = (await cache.lookup(id))!; // no time passed: an edit is never served late
    expect(edited.html).toContain("校验值（改）");
    expect(edited.etag).not.toBe(liked.etag);
  });

  it("never keeps a 404: unknown ids render as usual, a removed article is dropped", async () => {
    const db = await getDb();
    const { cache } = cacheWithClock();
    expect(await cache.lookup(999_999_998)).toBeNull();
    expect(renders).toHaveLength(0); // no such row: no render, the request's own render answers 404

    const id = await addArticle("将被删除");
    expect(await cache.lookup(id)).not.toBeNull();
    await db.delete(articles).where(eq(articles.id, id));
    expect(await cache.lookup(id)).toBeNull();
    expect(cache.stats().pages).toBe(0);
  });

  it("a render answering 404 (removed meanwhile) keeps nothing", async () => {
    const db = await getDb();
    const id = await addArticle("渲染时已删除");
    const { cache } = cacheWithClock();
    const render = gate();
    answer = { hold: render.held };
    const lookup = cache.lookup(id);
    await renderStarted();
    await db.delete(articles).where(eq(articles.id, id));
    render.open();
    expect(await lookup).toBeNull();
    expect(cache.stats().pages).toBe(0);
  });

  it("an edit during a render leaves that page stale: the next request renders again", async () => {
    const db = await getDb();
    const id = await addArticle("渲染中");
    const { cache } = cacheWithClock();
    const render = gate();
    answer = { hold: render.held };
    const first = cache.lookup(id);
    await renderStarted(); // the version is read; the render is under way until the gate opens
    await db.update(articles).set({ title: "渲染途中改的标题" }).where(eq(articles.id, id));
    render.open();
    await first;
    answer = {};
    expect((await cache.lookup(id))?.html).toContain("渲染途中改的标题");
    expect(renders).toHaveLength(2);
  });

  it("stays within its page count and byte budget, keeping the most recently asked for", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await addArticle(`第 ${i} 篇`));
    const { cache } = cacheWithClock({ maxPages: 3 });
    for (const id of ids) await cache.lookup(id);
    expect(cache.stats().pages).toBe(3);
    renders = [];
    await cache.lookup(ids[4]);
    await cache.lookup(ids[0]);
    expect(renders).toEqual([`/articles/${ids[0]}`]);

    const small = cacheWithClock({ maxBytes: 1_000 }).cache; // a page here is ~600 bytes by the count
    for (const id of ids) await small.lookup(id);
    expect(small.stats().pages).toBe(1);
    expect(small.stats().bytes).toBeLessThanOrEqual(1_000);
  });

  it("a failed render keeps nothing and lets requests render as usual for a second", async () => {
    const id = await addArticle("渲染失败");
    const { cache, clock } = cacheWithClock();
    answer = { status: 500 };
    expect(await cache.lookup(id)).toBeNull();
    expect(await cache.lookup(id)).toBeNull();
    expect(renders).toHaveLength(1);
    answer = {};
    clock.now += 1_000;
    expect((await cache.lookup(id))?.html).toContain("渲染失败");
    expect(renders).toHaveLength(2);
  });
});
