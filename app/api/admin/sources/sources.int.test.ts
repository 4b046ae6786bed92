// The console's 订阅源 API against feeds served on loopback: add, list, edit, pause and resume, poll now, remove,
// OPML out and in; an audit row for each change and none for a repeat that changes nothing; bad input → 4xx
// with a Chinese detail and no row touched.
import { asc, count, eq, gt, isNull, max } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { adminAudit, articles, feedSources, users } from "@/lib/db/schema";
import { OPML_MAX_ENTRIES } from "@/lib/ingest/opml-import";
import { call } from "@/test/api";
import { startFeedServer, type FeedServer } from "@/test/feed-server";
import { newUser } from "@/test/users";
import { DELETE as remove, PATCH as edit } from "./[id]/route";
import { POST as poll } from "./[id]/poll/route";
import { GET as exportOpml, POST as importOpml } from "./opml/route";
import { GET as list, POST as add } from "./route";

let feeds: FeedServer;
let admin: { id: number; token: string };
// The audit log is append-only (its rows cannot be deleted): each test reads the records after this mark.
let auditMark = 0;
const markAudit = async () => {
  auditMark = (await (await getDb()).select({ id: max(adminAudit.id) }).from(adminAudit))[0].id ?? 0;
};

beforeAll(async () => {
  feeds = await startFeedServer();
  admin = await newUser("op");
  await (await getDb()).update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
});
afterAll(() => feeds.close());
beforeEach(async () => {
  const db = await getDb();
  await db.delete(articles);
  await db.delete(feedSources);
  await markAudit();
});

type Source = Record<string, unknown> & { id: number };

const addSource = (json: unknown) => call(add, "/api/admin/sources", { token: admin.token, json });
const patch = (id: number | string, json: unknown) => call(edit, `/api/admin/sources/${id}`, { method: "PATCH", token: admin.token, json, params: { id: String(id) } });
const del = (id: number | string) => call(remove, `/api/admin/sources/${id}`, { method: "DELETE", token: admin.token, params: { id: String(id) } });
const pollNow = (id: number | string) => call(poll, `/api/admin/sources/${id}/poll`, { method: "POST", token: admin.token, params: { id: String(id) } });
const listed = async (): Promise<Source[]> => (await call(list, "/api/admin/sources", { token: admin.token })).body.items;
const audit = async () =>
  (await (await getDb()).select().from(adminAudit).where(gt(adminAudit.id, auditMark)).orderBy(asc(adminAudit.id))).map((r) => ({ action: r.action, object: `${r.objectType}:${r.objectId}`, before: r.before, after: r.after, actor: r.actorName }));

describe("/api/admin/sources", () => {
  it("adds a loopback feed, lists it, polls it now into articles, and a repeat add or poll is reported as such", async () => {
    const url = `${feeds.url}/rss.xml`;
    const created = await addSource({ url, interval: "15m", allow_private: true });
    expect(created.status).toBe(201);
    const id = created.body.data.source.id;
    expect(created.body.data).toMatchObject({ created: true, source: { url, interval_seconds: 900, interval: "15m", enabled: true, allow_private: true, health: "new", article_count: 0, max_items: 200 } });

    const again = await addSource({ url: `${url}#top`, interval_seconds: 3600 });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, source: { id, interval_seconds: 900 } }); // settings untouched

    const first = await pollNow(id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ source_id: id, status: "updated", added: 2, duplicates: 0, error: null, error_count: 0 });
    const second = await pollNow(id);
    expect(second.body.data).toMatchObject({ status: "updated", added: 0, duplicates: 2 });

    const [row] = await listed();
    expect(Object.keys(row).sort()).toEqual(
      ["id", "url", "title", "platform", "platform_name", "interval_seconds", "interval", "enabled", "allow_private", "health", "last_success_at", "last_fetched_at", "last_error", "error_count", "next_poll_at", "article_count", "max_items", "last_added", "created_at"].sort(),
    );
    expect(row).toMatchObject({ id, title: "掘金前端精选", platform: null, health: "healthy", article_count: 2, last_added: 0, last_error: null, error_count: 0 });
    expect(Date.parse(row.next_poll_at as string)).toBeGreaterThan(Date.now() + 14 * 60_000);

    expect(await audit()).toEqual([
      { action: "source.add", object: `source:${id}`, before: null, after: { url, title: null, platform: null, interval_seconds: 900, max_items: 200, enabled: true, allow_private: true }, actor: expect.stringMatching(/^op_/) },
      { action: "source.poll", object: `source:${id}`, before: null, after: { source_id: id, status: "updated", added: 2, duplicates: 0, error: null }, actor: expect.any(String) },
      { action: "source.poll", object: `source:${id}`, before: null, after: { source_id: id, status: "updated", added: 0, duplicates: 2, error: null }, actor: expect.any(String) },
    ]);
  });

  it("shows a failing source's error in full; a private address needs allow_private, set afterwards by PATCH", async () => {
    const broken = (await addSource({ url: `${feeds.url}/error.xml`, allow_private: true, platform: "weibo" })).body.data.source;
    const failed = await pollNow(broken.id);
    expect(failed.body.data).toMatchObject({ status: "failed", added: 0, error: "目标网页返回 500", error_count: 1 });
    expect((await listed()).find((s) => s.id === broken.id)).toMatchObject({ health: "failing", last_error: "目标网页返回 500", error_count: 1, last_success_at: null, platform: "weibo", platform_name: "微博" });

    const local = (await addSource({ url: `${feeds.url}/atom.xml` })).body.data.source;
    expect(local.allow_private).toBe(false);
    const refused = await pollNow(local.id);
    expect(refused.body.data.status).toBe("failed");
    expect(refused.body.data.error).toMatch(/内网|本机|私有|不能访问/);
    expect((await patch(local.id, { allow_private: true })).body.data).toMatchObject({ changed: true, source: { allow_private: true } });
    expect((await pollNow(local.id)).body.data).toMatchObject({ status: "updated", added: 1 });
  });

  it("edits interval, platform and items per poll, pauses and resumes; a repeat records nothing", async () => {
    const id = (await addSource({ url: `${feeds.url}/feed.json`, allow_private: true })).body.data.source.id;
    const edited = await patch(id, { interval: "2h", platform: "zhihu", max_items: 50 });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ changed: true, source: { interval_seconds: 7200, platform: "zhihu", platform_name: "知乎", max_items: 50 } });
    expect((await patch(id, { interval_seconds: 7200, platform: "zhihu", max_items: 50 })).body.data.changed).toBe(false);

    const paused = await patch(id, { enabled: false });
    expect(paused.body.data).toMatchObject({ changed: true, source: { enabled: false, health: "disabled" } });
    expect((await patch(id, { enabled: false })).body.data.changed).toBe(false);
    expect((await patch(id, { enabled: true })).body.data.source).toMatchObject({ enabled: true, health: "new" });
    expect((await patch(id, { platform: null })).body.data.source).toMatchObject({ platform: null, platform_name: null }); // 自动识别 (a loopback host)

    expect((await audit()).slice(1)).toEqual([
      { action: "source.update", object: `source:${id}`, before: { platform: null, interval_seconds: 1800, max_items: 200 }, after: { platform: "zhihu", interval_seconds: 7200, max_items: 50 }, actor: expect.any(String) },
      { action: "source.pause", object: `source:${id}`, before: { enabled: true }, after: { enabled: false }, actor: expect.any(String) },
      { action: "source.resume", object: `source:${id}`, before: { enabled: false }, after: { enabled: true }, actor: expect.any(String) },
      { action: "source.update", object: `source:${id}`, before: { platform: "zhihu" }, after: { platform: null }, actor: expect.any(String) },
    ]);
  });

  it("removes a source and keeps its articles; a second delete is 404 and records nothing", async () => {
    const id = (await addSource({ url: `${feeds.url}/rss.xml`, allow_private: true })).body.data.source.id;
    await pollNow(id);
    const removed = await del(id);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id, url: `${feeds.url}/rss.xml` });
    const db = await getDb();
    expect((await db.select({ n: count() }).from(articles).where(isNull(articles.feedSourceId)))[0].n).toBe(2);
    expect(await listed()).toEqual([]);
    expect(await del(id)).toMatchObject({ status: 404, body: { detail: `没有找到订阅源：${id}` } });
    expect((await audit()).map((a) => a.action)).toEqual(["source.add", "source.poll", "source.remove"]);
  });

  it("exports OPML and imports it back: added, existing and skipped with reasons, one record per source added", async () => {
    await addSource({ url: `${feeds.url}/rss.xml`, interval: "15m", platform: "juejin", max_items: 30, allow_private: true });
    await addSource({ url: `${feeds.url}/atom.xml`, allow_private: true });
    const exported = await call(exportOpml, "/api/admin/sources/opml", { token: admin.token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="shiyue-sources-\d{8}\.opml"$/);
    expect(exported.text).toContain(`xmlUrl="${feeds.url}/rss.xml" shiyue:platform="juejin" shiyue:interval="900" shiyue:maxItems="30"`);

    const db = await getDb();
    await db.delete(feedSources);
    await markAudit();
    const withExtras = exported.text.replace("</body>", `<outline text="坏的" xmlUrl="ftp://example.com/feed"/><outline text="新" xmlUrl="${feeds.url}/feed.json"/></body>`);
    await addSource({ url: `${feeds.url}/feed.json`, allow_private: true });
    const imported = await call(importOpml, "/api/admin/sources/opml", { token: admin.token, json: { opml: withExtras, allow_private: true } });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ total: 4, added: 2, existing: 1, skipped: [{ url: "ftp://example.com/feed", reason: "订阅源地址无效：只支持 http 和 https 链接" }] });
    const rows = await listed();
    expect(rows.find((s) => s.url === `${feeds.url}/rss.xml`)).toMatchObject({ platform: "juejin", interval_seconds: 900, max_items: 30, allow_private: true });
    expect((await audit()).map((a) => a.action)).toEqual(["source.add", "source.import", "source.import"]);
    expect((await audit()).slice(1).map((a) => a.object)).toEqual(imported.body.data.added_ids.map((id: number) => `source:${id}`));

    const repeat = await call(importOpml, "/api/admin/sources/opml", { token: admin.token, json: { opml: withExtras } });
    expect(repeat.body.data).toMatchObject({ total: 4, added: 0, existing: 3 });
    expect(await audit()).toHaveLength(3);
  });

  it("answers 404 to a signed-in reader and 401 without a token, changing nothing", async () => {
    const reader = await newUser("reader");
    expect(await call(add, "/api/admin/sources", { token: reader.token, json: { url: `${feeds.url}/rss.xml` } })).toMatchObject({ status: 404 });
    expect(await call(list, "/api/admin/sources")).toMatchObject({ status: 401 });
    expect(await listed()).toEqual([]);
  });
});

describe("bad input", () => {
  const many = `<opml version="2.0"><body>${Array.from({ length: OPML_MAX_ENTRIES + 1 }, (_, i) => `<outline xmlUrl="https://e.example/${i}"/>`).join("")}</body></opml>`;
  const cases: [string, number, string | RegExp, () => Promise<{ status: number; body: { detail?: string } }>][] = [
    ["ftp URL", 400, "订阅源地址无效：只支持 http 和 https 链接", () => addSource({ url: "ftp://example.com/feed" })],
    ["not a URL", 400, "订阅源地址无效：链接格式不正确", () => addSource({ url: "订阅源" })],
    ["credentials in the URL", 400, "订阅源地址无效：链接中不能包含用户名或密码", () => addSource({ url: "https://u:p@example.com/feed" })],
    ["no URL", 400, /^参数 url：/, () => addSource({})],
    ["empty URL", 400, "参数 url：请填写订阅源地址", () => addSource({ url: "  " })],
    ["unknown platform", 400, "未知的平台：myspace", () => addSource({ url: "https://example.com/feed", platform: "myspace" })],
    ["unreadable interval", 400, "抓取间隔需要 1 分钟到 1 天之间的时长，如 30m、2h、1d（当前：5）", () => addSource({ url: "https://example.com/feed", interval: "5" })],
    ["interval over a day", 400, /抓取间隔需要 1 分钟到 1 天之间/, () => addSource({ url: "https://example.com/feed", interval: "2d" })],
    ["interval_seconds too short", 400, "抓取间隔需要 1 分钟到 1 天之间（当前：30s）", () => addSource({ url: "https://example.com/feed", interval_seconds: 30 })],
    ["both intervals", 400, "interval 与 interval_seconds 只能给一个", () => addSource({ url: "https://example.com/feed", interval: "30m", interval_seconds: 1800 })],
    ["max_items 0", 400, "每次抓取的条数需要是 1 到 5000 之间的整数（当前：0）", () => addSource({ url: "https://example.com/feed", max_items: 0 })],
    ["max_items as text", 400, /^参数 max_items：/, () => addSource({ url: "https://example.com/feed", max_items: "10" })],
    ["unknown field", 400, /intervall/, () => addSource({ url: "https://example.com/feed", intervall: "30m" })],
    ["bad id", 400, "参数 id：编号必须是正整数", () => patch("abc", { enabled: false })],
    ["unknown id (edit)", 404, "没有找到订阅源：999999", () => patch(999999, { enabled: false })],
    ["unknown id (delete)", 404, "没有找到订阅源：999999", () => del(999999)],
    ["unknown id (poll)", 404, "没有找到订阅源：999999", () => pollNow(999999)],
    ["nothing to change", 400, /^请至少提供一项要修改的设置/, () => patch(1, {})],
    ["enabled as text", 400, /^参数 enabled：/, () => patch(1, { enabled: "no" })],
    ["not OPML", 400, "不是 OPML 文件：缺少 <opml> 根元素", () => call(importOpml, "/api/admin/sources/opml", { token: admin.token, json: { opml: "<rss></rss>" } })],
    ["no OPML", 400, /^参数 opml：/, () => call(importOpml, "/api/admin/sources/opml", { token: admin.token, json: {} })],
    ["too many feeds", 400, `OPML 中的订阅源太多（${OPML_MAX_ENTRIES + 1} 个，一次最多 ${OPML_MAX_ENTRIES} 个）`, () => call(importOpml, "/api/admin/sources/opml", { token: admin.token, json: { opml: many } })],
    ["OPML over 1 MB", 413, "请求内容过大（上限 1024 KB）", () => call(importOpml, "/api/admin/sources/opml", { token: admin.token, json: { opml: "x".repeat(1024 * 1024) } })],
  ];
  it.each(cases)("%s → %i with a Chinese detail, nothing written", async (_name, status, detail, request) => {
    const db = await getDb();
    const [{ id }] = await db.insert(feedSources).values({ id: 1, url: "https://example.com/existing" }).returning();
    expect(id).toBe(1);
    const res = await request();
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
    if (typeof detail === "string") expect(res.body.detail).toBe(detail);
    else expect(res.body.detail).toMatch(detail);
    expect(await db.select({ id: feedSources.id, enabled: feedSources.enabled }).from(feedSources)).toEqual([{ id: 1, enabled: true }]);
    expect(await audit()).toEqual([]);
  });
});
