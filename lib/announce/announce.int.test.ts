// Announcing new articles against loopback stand-ins for IndexNow and Baidu's push API that record what they
// receive (test/search-engine-server.ts): what the collector stores is sent once per service in the protocols'
// shapes; nothing without keys or from a local SITE_URL; a hidden article never; a 429 is retried after its pause
// and sent once; a refusal is dropped; Baidu's quota stops the day; 500 queued ids are sent without waiting for
// the minute. The clock is passed in; the tests wait for requests, never for time.
import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hideArticle, unhideArticle } from "@/lib/admin/articles";
import { approveArticle } from "@/lib/admin/review";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { appSettings, articles, feedSources } from "@/lib/db/schema";
import { pollDue } from "@/lib/ingest/scheduler";
import { addSource } from "@/lib/ingest/sources";
import { startFeedServer, type FeedServer } from "@/test/feed-server";
import { startSearchEngineServer, type SearchEngineServer } from "@/test/search-engine-server";
import { announceArticles, announceStatus, flushAnnouncements, MAX_ATTEMPTS, startAnnouncer, stopAnnouncer } from ".";

const SITE = "https://news.example.com";
const KEY = "5c2b7f0e9d8a4b6c8e1f3a2d7b9c0e4f";
const TOKEN = "edk7yc4rEZP9pDQD";
const operator = { id: null, name: "测试" };

let engines: SearchEngineServer;
let feeds: FeedServer;
/** 10:00 China time on 2025-03-05. */
const T0 = Date.parse("2025-03-05T02:00:00Z");
const at = (ms: number) => new Date(T0 + ms);
const MIN = 60_000;

function configure(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfig();
}

const allOn = () => ({
  SITE_URL: SITE,
  INDEXNOW_KEY: KEY,
  INDEXNOW_ENDPOINT: `${engines.url}/indexnow`,
  BAIDU_PUSH_TOKEN: TOKEN,
  BAIDU_PUSH_ENDPOINT: `${engines.url}/urls`,
});

beforeAll(async () => {
  [engines, feeds] = await Promise.all([startSearchEngineServer(), startFeedServer()]);
});
afterAll(async () => {
  configure({ SITE_URL: undefined, INDEXNOW_KEY: undefined, INDEXNOW_ENDPOINT: undefined, BAIDU_PUSH_TOKEN: undefined, BAIDU_PUSH_ENDPOINT: undefined });
  await Promise.all([engines.close(), feeds.close()]);
});
beforeEach(async () => {
  const db = await getDb();
  await db.delete(articles);
  await db.delete(feedSources);
  await db.delete(appSettings).where(like(appSettings.key, "announce.%"));
  engines.indexNow.length = 0;
  engines.baidu.length = 0;
  engines.script.indexNow = [];
  engines.script.baidu = [];
  engines.baiduRemain = 100;
  configure(allOn());
});
afterEach(() => stopAnnouncer());

/** Inserts visible articles (or hidden ones, as an operator's takedown or a reader's article waiting for review). */
async function insert(n: number, state: "visible" | "hidden" | "pending" = "visible"): Promise<number[]> {
  const rows = await (await getDb())
    .insert(articles)
    .values(
      Array.from({ length: n }, () => ({
        title: "社区图书馆试行夜间开放",
        sourceUrl: `https://example.org/${Math.random().toString(36).slice(2)}`,
        ...(state === "visible" ? {} : { hiddenAt: new Date() }),
        ...(state === "pending" ? { reviewStatus: "pending" as const, origin: "summary" } : {}),
      })),
    )
    .returning({ id: articles.id });
  return rows.map((r) => r.id);
}

const urlsOf = (ids: number[]) => ids.map((id) => `${SITE}/articles/${id}`);
const indexNowBody = (i: number) => JSON.parse(engines.indexNow[i].body) as { host: string; key: string; keyLocation: string; urlList: string[] };
const baiduLines = (i: number) => engines.baidu[i].body.split("\n");
const flush = async (ms: number) => flushAnnouncements({ db: await getDb(), now: at(ms) });
const announce = async (ids: number[]) => announceArticles({ db: await getDb(), ids });
const queued = async () => (await getDb()).select().from(appSettings).where(like(appSettings.key, "announce.%"));

describe("announcing what the collector stores", () => {
  it("sends the new articles once: one IndexNow JSON POST and one Baidu POST of lines, recorded for the console", async () => {
    const db = await getDb();
    const { source } = await addSource({ db, url: `${feeds.url}/rss.xml`, allowPrivate: true });
    const [polled] = await pollDue({ db, concurrency: 1, ids: [source.id] });
    expect(polled).toMatchObject({ status: "updated", added: 2 });
    const ids = (await db.select({ id: articles.id }).from(articles).where(eq(articles.feedSourceId, source.id)).orderBy(articles.id)).map((r) => r.id);

    const results = await flush(0);
    expect(results.map((r) => ("outcome" in r ? r.outcome : r.skipped))).toEqual(["sent", "sent"]);

    expect(engines.indexNow).toHaveLength(1);
    expect(engines.indexNow[0].contentType).toBe("application/json; charset=utf-8");
    expect(indexNowBody(0)).toEqual({ host: "news.example.com", key: KEY, keyLocation: `${SITE}/${KEY}.txt`, urlList: urlsOf(ids) });
    expect(engines.baidu).toHaveLength(1);
    expect(engines.baidu[0].query).toEqual({ site: SITE, token: TOKEN });
    expect(engines.baidu[0].contentType).toBe("text/plain");
    expect(baiduLines(0)).toEqual(urlsOf(ids));
    expect(engines.baidu[0].userAgent).toMatch(/^Shiyue\/1\.0/);

    // Nothing is sent twice, and a second poll of the same feed adds nothing to send.
    await pollDue({ db, concurrency: 1, ids: [source.id] });
    await flush(2 * MIN);
    expect([engines.indexNow.length, engines.baidu.length]).toEqual([1, 1]);

    const status = await announceStatus({ db });
    expect(status.site).toBe(SITE);
    const [indexNow, baidu] = status.services;
    expect(indexNow).toMatchObject({ key: "indexnow", configured: true, waiting: 0, paused_until: null });
    expect(indexNow.sends).toEqual([{ at: at(0).toISOString(), urls: 2, ok: true, status: 200, result: "已提交" }]);
    expect(baidu).toMatchObject({ key: "baidu", configured: true, waiting: 0, quota: { day: "2025-03-05", remain: 98 } });
    expect(baidu.sends[0]).toMatchObject({ urls: 2, ok: true, status: 200, result: "收下 2 条，今日还可推送 98 条" });
  });

  it("queues and sends nothing without keys, and nothing from an unset or local SITE_URL", async () => {
    const db = await getDb();
    for (const env of [
      { INDEXNOW_KEY: undefined, BAIDU_PUSH_TOKEN: undefined },
      { SITE_URL: undefined },
      { SITE_URL: "http://localhost:3000" },
      { SITE_URL: "http://127.0.0.1:3000" },
    ]) {
      configure({ ...allOn(), ...env });
      await db.delete(articles);
      await db.delete(feedSources);
      const { source } = await addSource({ db, url: `${feeds.url}/rss.xml`, allowPrivate: true });
      expect((await pollDue({ db, concurrency: 1, ids: [source.id] }))[0]).toMatchObject({ added: 2 });
      await announce(await insert(1));
      expect(await flush(0)).toEqual([]);
      expect(await queued()).toEqual([]);
    }
    expect([engines.indexNow.length, engines.baidu.length]).toEqual([0, 0]);
    configure({ ...allOn(), INDEXNOW_KEY: undefined, BAIDU_PUSH_TOKEN: undefined });
    const status = await announceStatus({ db });
    expect(status.services.map((s) => s.configured)).toEqual([false, false]);
  });

  it("never announces a hidden article or one waiting for review, whenever it was hidden", async () => {
    const visible = await insert(2);
    const [hiddenLater] = await insert(1);
    const [takenDown] = await insert(1, "hidden");
    const [pending] = await insert(1, "pending");
    await announce([...visible, hiddenLater, takenDown, pending]);
    await hideArticle({ db: await getDb(), actor: operator, id: hiddenLater });
    await flush(0);
    expect(indexNowBody(0).urlList).toEqual(urlsOf(visible));
    expect(baiduLines(0)).toEqual(urlsOf(visible));
    expect(await queued()).toHaveLength(2); // the two states; the queues are empty
  });

  it("announces an article an operator shows again or approves, once committed", async () => {
    const db = await getDb();
    const [hidden] = await insert(1, "hidden");
    const [pending] = await insert(1, "pending");
    await unhideArticle({ db, actor: operator, id: hidden });
    await approveArticle({ db, actor: operator, id: pending });
    await flush(0);
    expect(indexNowBody(0).urlList).toEqual(urlsOf([hidden, pending]));
    expect(baiduLines(0)).toEqual(urlsOf([hidden, pending]));
  });
});

describe("retries, refusals and quotas", () => {
  it("retries a 429 after its Retry-After and sends the URLs once", async () => {
    const ids = await insert(3);
    engines.script.indexNow = [{ status: 429, headers: { "Retry-After": "120" } }];
    await announce(ids);

    const first = await flush(0);
    expect(first[0]).toMatchObject({ service: "indexnow", outcome: "retry", status: 429 });
    expect(first[1]).toMatchObject({ service: "baidu", outcome: "sent" }); // the other service is not held back
    expect((await announceStatus({ db: await getDb() })).services[0]).toMatchObject({ waiting: 3, paused_until: at(120_000).toISOString() });

    expect((await flush(MIN))[0]).toEqual({ service: "indexnow", skipped: "paused" }); // backoff says 1 min, the server 2
    const second = await flush(121_000);
    expect(second[0]).toMatchObject({ service: "indexnow", outcome: "sent", status: 200 });
    await flush(10 * MIN);

    expect(engines.indexNow).toHaveLength(2);
    expect(indexNowBody(0).urlList).toEqual(urlsOf(ids));
    expect(indexNowBody(1).urlList).toEqual(urlsOf(ids));
    expect(engines.baidu).toHaveLength(1);
    const [indexNow] = (await announceStatus({ db: await getDb() })).services;
    expect(indexNow.waiting).toBe(0);
    expect(indexNow.sends.map((s) => [s.ok, s.status])).toEqual([
      [true, 200],
      [false, 429],
    ]);
  });

  it("retries when the engine cannot be reached, and gives a batch up after MAX_ATTEMPTS failures in a row", async () => {
    const ids = await insert(2);
    configure({ ...allOn(), BAIDU_PUSH_TOKEN: undefined, INDEXNOW_ENDPOINT: "http://127.0.0.1:9/indexnow" });
    await announce(ids);
    expect((await flush(0))[0]).toMatchObject({ outcome: "retry", status: null });
    expect((await announceStatus({ db: await getDb() })).services[0].waiting).toBe(2);

    configure({ ...allOn(), BAIDU_PUSH_TOKEN: undefined });
    engines.script.indexNow = Array.from({ length: MAX_ATTEMPTS - 1 }, () => ({ status: 503 }));
    let clock = 0;
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock += 60 * MIN; // past any pause (at most an hour)
      expect((await flush(clock))[0]).toMatchObject({ outcome: "retry", status: 503 });
    }
    const [indexNow] = (await announceStatus({ db: await getDb() })).services;
    expect(indexNow.waiting).toBe(0); // dropped
    expect(indexNow.sends[0].result).toContain(`连续 ${MAX_ATTEMPTS} 次失败`);
    await flush(clock + 2 * 60 * MIN);
    expect(engines.indexNow).toHaveLength(MAX_ATTEMPTS - 1);
  });

  it("drops a batch the engine refuses (403: the key file does not hold the key) without retrying", async () => {
    await announce(await insert(2));
    engines.script.indexNow = [{ status: 403 }];
    engines.script.baidu = [{ status: 401, body: JSON.stringify({ error: 401, message: "token is not valid" }) }];
    const results = await flush(0);
    expect(results.map((r) => ("outcome" in r ? r.outcome : r.skipped))).toEqual(["rejected", "rejected"]);
    await flush(2 * 60 * MIN);
    expect([engines.indexNow.length, engines.baidu.length]).toEqual([1, 1]);
    const [indexNow, baidu] = (await announceStatus({ db: await getDb() })).services;
    expect(indexNow.sends[0]).toMatchObject({ ok: false, status: 403 });
    expect(indexNow.sends[0].result).toContain("密钥无效");
    expect(baidu.sends[0]).toMatchObject({ ok: false, status: 401, result: "token 无效" });
    expect([indexNow.waiting, baidu.waiting]).toEqual([0, 0]);
  });

  it("stops Baidu for the China day at remain 0, sends no more than remain, and resumes the next day", async () => {
    configure({ ...allOn(), INDEXNOW_KEY: undefined });
    engines.baiduRemain = 2;
    const first = await insert(2);
    await announce(first);
    await flush(0);
    expect(baiduLines(0)).toEqual(urlsOf(first));

    const later = await insert(3);
    await announce(later);
    expect(await flush(MIN)).toEqual([{ service: "baidu", skipped: "quota" }]);
    expect(await flush(13 * 60 * MIN)).toEqual([{ service: "baidu", skipped: "quota" }]); // 23:00 China time
    expect(engines.baidu).toHaveLength(1);

    // 00:00 China time: the next day. Its quota is unknown until the first answer: the newest go first.
    engines.baiduRemain = 10;
    engines.script.baidu = [{ status: 200, body: JSON.stringify({ remain: 1, success: 3 }) }];
    await flush(14 * 60 * MIN);
    expect(baiduLines(1)).toEqual(urlsOf(later));

    // remain 1: one URL at most; over quota keeps the URLs for the next day.
    const more = await insert(2);
    await announce(more);
    engines.script.baidu = [{ status: 400, body: JSON.stringify({ error: 400, message: "over quota" }) }];
    expect((await flush(14 * 60 * MIN + MIN))[0]).toMatchObject({ outcome: "quota" });
    expect(baiduLines(2)).toEqual(urlsOf(more.slice(-1)));
    const [, baidu] = (await announceStatus({ db: await getDb() })).services;
    expect(baidu).toMatchObject({ waiting: 2, quota: { day: "2025-03-06", remain: 0 } });
    expect(await flush(14 * 60 * MIN + 2 * MIN)).toEqual([{ service: "baidu", skipped: "quota" }]);
    await flush(38 * 60 * MIN);
    expect(baiduLines(3)).toEqual(urlsOf(more));
  });
});

describe("the announcer", () => {
  it("sends at once when 500 ids were queued, without waiting for the minute", async () => {
    configure({ ...allOn(), BAIDU_PUSH_TOKEN: undefined });
    const [first, ...rest] = await insert(501);
    await announce([first]);
    const firstSend = engines.next();
    startAnnouncer(getDb, { tickMs: 3_600_000 }); // the next tick is an hour away
    expect((await firstSend).body).toContain(`/articles/${first}"`);

    const batch = engines.next();
    await announce(rest.slice(0, 499));
    expect(engines.indexNow).toHaveLength(1);
    await announce(rest.slice(499));
    expect(JSON.parse((await batch).body).urlList).toHaveLength(500);
  });
});
