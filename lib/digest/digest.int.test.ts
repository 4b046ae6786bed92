// 今日精选 over the real database and the real `openai` SDK against a loopback OpenAI-compatible server: the local
// engine's digest of a reader's interests; a model answer citing an article it was not given, one citing
// nothing and one in the wrong format, each caught; the provider failing once (the client's retry) and for
// good; the daily cap; the off switch; hidden articles; the worker's queue (active readers only, once a
// day); retention; the private feed (rotated, revoked); the site's digest; bad input.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as today } from "@/app/api/v1/digest/route";
import { GET as onDay } from "@/app/api/v1/digest/[date]/route";
import { GET as daily } from "@/app/api/v1/daily/route";
import { GET as dailyOn } from "@/app/api/v1/daily/[date]/route";
import { GET as settings, PUT as putSettings } from "@/app/api/v1/users/me/digest/route";
import { POST as newFeed, DELETE as revokeFeed } from "@/app/api/v1/users/me/digest/feed/route";
import { GET as privateFeed } from "@/app/feeds/digest/[file]/route";
import { POST as toggleLike } from "@/app/api/v1/likes/[articleId]/route";
import { chinaDay, chinaDayStartOf } from "@/lib/china-time";
import { parseFeed } from "@/lib/ingest/feed-parse";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articles, digests, users } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { modelCallsOn } from "@/lib/digest/budget";
import { MAX_CHARS, POINTS, SECTIONS } from "@/lib/digest/constants";
import { digestChars } from "@/lib/digest/shape";
import { hasNewDigest } from "@/lib/digest/service";
import { chinaDaysBefore as daysBefore } from "@/lib/china-time";
import { sweepRetention } from "@/lib/privacy/retention";
import { digestRound } from "@/lib/digest/worker";
import { call } from "@/test/api";
import { withEnv } from "@/test/env";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";

type View = { date: string; kind: string; written_by: string; sections: { title: string; points: { text: string; article_ids: number[] }[] }[]; articles: { id: number; title: string; url: string; read: boolean }[] };

let fake: FakeOpenAI;
/** A demo article about AI: two more of the demo's titles name it. */
const LIKED = ["孩子用 AI 写的作文拿了 A，我该高兴吗？"];
let titles: Map<string, number>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const db = await getDb();
  await seedDemoArticles(db);
  titles = new Map((await db.select({ id: articles.id, title: articles.title }).from(articles)).map((r) => [r.title, r.id]));
});
afterAll(() => fake.close());
beforeEach(() => fake.chat(null));

let n = 0;
async function reader(values: Partial<typeof users.$inferInsert> = {}) {
  const [u] = await (await getDb()).insert(users).values({ accountName: `digest_${++n}_${process.pid}`, ...values }).returning();
  return { id: u.id, token: await signToken(u.id) };
}
const like = (token: string, id: number) => call(toggleLike, `/api/v1/likes/${id}`, { method: "POST", token, params: { articleId: String(id) } });
const digestOf = async (token: string) => {
  const res = await call(today, "/api/v1/digest", { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as View;
};
const cited = (v: View) => v.sections.flatMap((s) => s.points.flatMap((p) => p.article_ids));
const useModel = (limit = "100") => withEnv({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", DIGEST_DAILY_LIMIT: limit });
/** The article ids the model was given in its last digest prompt. */
const given = () => {
  const body = fake.requests.filter((r) => r.path === "/v1/chat/completions").at(-1)!.body as { messages: { content: string }[] };
  return [...body.messages[1].content.matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
};
const answer = (json: unknown) => fake.chat(() => ({ chunks: [{ content: typeof json === "string" ? json : JSON.stringify(json) }] }));

describe("a reader's digest", () => {
  it("without a model: the local engine's, its interests first, every point citing a candidate, within the shape", async () => {
    const { token } = await reader();
    for (const title of LIKED) await like(token, titles.get(title)!);
    const v = await digestOf(token);
    expect(v).toMatchObject({ date: chinaDay(new Date()), kind: "personal", written_by: "local" });
    expect(v.sections.length).toBeGreaterThanOrEqual(SECTIONS.min);
    expect(v.sections.length).toBeLessThanOrEqual(SECTIONS.max);
    for (const s of v.sections) {
      expect(s.points.length).toBeLessThanOrEqual(POINTS.max);
      for (const p of s.points) expect(p.article_ids.length).toBeGreaterThan(0);
    }
    expect(digestChars(v.sections as never)).toBeLessThanOrEqual(MAX_CHARS);
    // Liked articles are not offered again; their interests head the digest.
    for (const title of LIKED) expect(cited(v)).not.toContain(titles.get(title));
    // The interest heads the digest, written as the titles write it, with other articles about it.
    expect(v.sections[0].title).toBe("AI");
    const about = v.sections[0].points.flatMap((p) => p.article_ids).map((id) => v.articles.find((a) => a.id === id)!.title);
    expect(about.length).toBeGreaterThanOrEqual(2);
    for (const title of about) expect(title).toMatch(/ai/i);
    expect(new Set(v.articles.map((a) => a.id))).toEqual(new Set(cited(v)));
    expect(v.articles.every((a) => a.url === `/articles/${a.id}` && !a.read)).toBe(true);
    // Made once a day: asked again, the same digest.
    expect(await digestOf(token)).toEqual(v);
  });

  it("with a model: an invented citation is removed, a point left without one is dropped, the rest kept", async () => {
    useModel();
    const { id, token } = await reader();
    fake.chat((body) => {
      const ids = [...String((body.messages as { content: string }[])[1].content).matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
      return {
        chunks: [
          {
            content: "```json\n" + JSON.stringify({
              sections: [
                { title: "**科学**", points: [{ text: "真实的一条 [1]", article_ids: [ids[0], 99_999_999] }, { text: "编造的一条", article_ids: [99_999_998] }] },
                { title: "热门", points: [{ text: "第二条", article_ids: [ids[1]] }, { text: "没有引用", article_ids: [] }] },
                { title: "空的", points: [{ text: "全是编造", article_ids: [123_456_789] }] },
              ],
            }) + "\n```",
          },
        ],
      };
    });
    const v = await digestOf(token);
    const ids = given();
    expect(v.written_by).toBe("model");
    expect(v.sections).toEqual([
      { title: "科学", points: [{ text: "真实的一条", article_ids: [ids[0]] }] },
      { title: "热门", points: [{ text: "第二条", article_ids: [ids[1]] }] },
    ]);
    expect(await modelCallsOn(await getDb(), v.date)).toBeGreaterThanOrEqual(1);
    const [row] = await (await getDb()).select().from(digests).where(eq(digests.userId, id));
    expect(row.articleIds.sort()).toEqual([ids[0], ids[1]].sort());
  });

  it("a model answer citing nothing it was given, or in the wrong format, gives way to the local engine's", async () => {
    useModel();
    for (const script of [() => answer({ sections: [{ title: "编造", points: [{ text: "x", article_ids: [99_999_999] }] }] }), () => answer("今天的精选如下：睡眠很重要。"), () => answer({ sections: "不是数组" })]) {
      const { token } = await reader();
      script();
      const v = await digestOf(token);
      expect(v.written_by).toBe("local");
      expect(v.sections.length).toBeGreaterThan(0);
    }
  });

  it("a provider error is retried by the client with backoff; one that lasts gives the local engine's", async () => {
    useModel();
    fake.chat((body) => ({ chunks: [{ content: JSON.stringify({ sections: [{ title: "要闻", points: [{ text: "一条", article_ids: [Number(/^\[(\d+)\]/m.exec((body.messages as { content: string }[])[1].content)![1])] }] }] }) }] }));
    fake.fail(1, 503);
    expect((await digestOf((await reader()).token)).written_by).toBe("model");
    fake.fail(10, 500);
    expect((await digestOf((await reader()).token)).written_by).toBe("local");
    fake.fail(0);
  });

  it("past the daily cap, the local engine writes; no call goes out", async () => {
    useModel("1");
    const db = await getDb();
    await db.execute(sql`insert into daily_counters (day, name, value) values (${chinaDay(new Date())}, 'digest_model_calls', 1)
      on conflict (day, name) do update set value = greatest(daily_counters.value, 1)`);
    const before = fake.requests.length;
    expect((await digestOf((await reader()).token)).written_by).toBe("local");
    expect(fake.requests.length).toBe(before);
  });

  it("never cites a hidden article, and one hidden later leaves the digest with the points citing it", async () => {
    const db = await getDb();
    const hidden = titles.get("大模型为什么会一本正经地胡说八道？")!;
    await db.update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, hidden));
    const { token } = await reader();
    const v = await digestOf(token);
    expect(cited(v)).not.toContain(hidden);
    const victim = cited(v)[0];
    await db.update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, victim));
    const after = await digestOf(token);
    expect(cited(after)).not.toContain(victim);
    expect(after.articles.map((a) => a.id)).not.toContain(victim);
    await db.update(articles).set({ hiddenAt: null }).where(sql`${articles.id} in (${hidden}, ${victim})`);
  });

  it("the off switch: the reader reads the site's digest and the worker makes none of theirs", async () => {
    const { id, token } = await reader({ activeOn: chinaDay(new Date()), digestMinute: 0 });
    const put = await call(putSettings, "/api/v1/users/me/digest", { method: "PUT", token, json: { enabled: false } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ enabled: false, time: "00:00" });
    await digestRound(await getDb());
    expect(await (await getDb()).select().from(digests).where(eq(digests.userId, id))).toEqual([]);
    const v = await digestOf(token);
    expect(v.kind).toBe("site");
    expect((await call(putSettings, "/api/v1/users/me/digest", { method: "PUT", token, json: { time: "25:00" } })).body.detail).toMatch(/00:00–23:59/);
    expect((await call(putSettings, "/api/v1/users/me/digest", { method: "PUT", token, json: {} })).status).toBe(400);
  });
});

describe("the worker", () => {
  it("writes once a day for readers active in the last 14 days and past their time, one model call each", async () => {
    useModel("1000");
    fake.chat((body) => ({ chunks: [{ content: JSON.stringify({ sections: [{ title: "要闻", points: [{ text: "一条", article_ids: [Number(/^\[(\d+)\]/m.exec((body.messages as { content: string }[])[1].content)![1])] }] }] }) }] }));
    // Noon today, China time: past the readers' 00:00, before `later`'s 13:00.
    const day = chinaDay(new Date());
    const now = new Date(chinaDayStartOf(day).getTime() + 12 * 3_600_000);
    const old = new Date(now.getTime() - 20 * 86_400_000);
    const active = await Promise.all([reader({ activeOn: day, digestMinute: 0 }), reader({ activeOn: day, digestMinute: 0 })]);
    const idle = await reader({ activeOn: chinaDay(old), digestMinute: 0 });
    const later = await reader({ activeOn: day, digestMinute: 13 * 60 });
    const calls = () => fake.requests.filter((r) => r.path === "/v1/chat/completions").length;
    const before = calls();
    const round = await digestRound(await getDb(), { now, concurrency: 2 });
    expect(round.failed).toBe(0);
    const db = await getDb();
    const mine = async (id: number) => db.select().from(digests).where(eq(digests.userId, id));
    for (const r of active) expect(await mine(r.id)).toHaveLength(1);
    // Made by the worker and not yet opened: the header's dot, until the reader opens it.
    expect(await hasNewDigest(db, active[0].id, now)).toBe(true);
    await digestOf(active[0].token);
    expect(await hasNewDigest(db, active[0].id, now)).toBe(false);
    expect(await mine(idle.id)).toEqual([]);
    expect(await mine(later.id)).toEqual([]);
    // Every due reader (others' made by earlier tests included) cost at most one call, and a second round none.
    expect(calls() - before).toBeLessThanOrEqual(round.readers + (round.site ? 1 : 0));
    const again = calls();
    expect((await digestRound(db, { now })).readers).toBe(0);
    expect(calls()).toBe(again);
  });
});

describe("retention", () => {
  it("deletes a reader's digests after 30 days and keeps the site's, which name no one", async () => {
    const db = await getDb();
    const { id } = await reader();
    const old = daysBefore(chinaDay(new Date()), 30);
    const kept = daysBefore(chinaDay(new Date()), 29);
    const row = { writtenBy: "local" as const, sections: [], articleIds: [], since: new Date() };
    await db.insert(digests).values([{ ...row, userId: id, day: old }, { ...row, userId: id, day: kept }, { ...row, userId: null, day: old }]);
    expect((await sweepRetention(db)).digests).toBeGreaterThanOrEqual(1);
    expect((await db.select({ day: digests.day }).from(digests).where(eq(digests.userId, id))).map((r) => r.day)).toEqual([kept]);
    expect(await db.select().from(digests).where(sql`${digests.userId} is null and ${digests.day} = ${old}`)).toHaveLength(1);
  });
});

describe("the private feed", () => {
  it("is made, read by an RSS parser, rotated (the old address stops) and revoked", async () => {
    const { token } = await reader();
    await digestOf(token);
    expect((await call(settings, "/api/v1/users/me/digest", { token })).body.feed).toBeNull();
    const made = (await call(newFeed, "/api/v1/users/me/digest/feed", { method: "POST", token })).body;
    const file = (url: string) => url.slice(url.lastIndexOf("/") + 1);
    const get = (f: string) => call(privateFeed, `/feeds/digest/${f}`, { params: { file: f } });
    const rss = await get(file(made.feed.rss));
    expect(rss.status).toBe(200);
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    // Read as the site's own feed reader reads any feed (lib/ingest: RSS, Atom and JSON Feed).
    for (const url of [made.feed.rss, made.feed.atom, made.feed.json]) {
      const feed = parseFeed((await get(file(url))).text, url);
      expect(feed.items).toHaveLength(1);
      expect(feed.items[0].title).toMatch(/^今日精选 · \d+月\d+日$/);
      expect(feed.items[0].url).toMatch(/\/digest\/\d{4}-\d{2}-\d{2}$/);
      expect(feed.items[0].html).toMatch(/href="http[^"]+\/articles\/\d+"/);
    }
    const rotated = (await call(newFeed, "/api/v1/users/me/digest/feed", { method: "POST", token })).body;
    expect(rotated.feed.rss).not.toBe(made.feed.rss);
    expect((await get(file(made.feed.rss))).status).toBe(404);
    expect((await get(file(rotated.feed.rss))).status).toBe(200);
    await call(revokeFeed, "/api/v1/users/me/digest/feed", { method: "DELETE", token });
    expect((await get(file(rotated.feed.rss))).status).toBe(404);
    expect((await get("1-" + "a".repeat(43) + ".xml")).status).toBe(404);
  });
});

describe("the site's digest and the days", () => {
  it("is public, the same for everyone, with its day; bad or unknown days are told apart", async () => {
    const latest = await call(daily, "/api/v1/daily");
    expect(latest.status).toBe(200);
    expect(latest.body.kind).toBe("site");
    expect(latest.body.sections.length).toBeGreaterThan(0);
    const on = await call(dailyOn, `/api/v1/daily/${latest.body.date}`, { params: { date: latest.body.date } });
    expect(on.body).toEqual(latest.body);
    expect((await call(dailyOn, "/api/v1/daily/2026-02-30", { params: { date: "2026-02-30" } })).body.detail).toMatch(/YYYY-MM-DD/);
    expect((await call(dailyOn, "/api/v1/daily/2020-01-01", { params: { date: "2020-01-01" } })).status).toBe(404);
    const { token } = await reader();
    expect((await call(onDay, "/api/v1/digest/2020-01-01", { token, params: { date: "2020-01-01" } })).status).toBe(404);
    expect((await call(today, "/api/v1/digest")).status).toBe(401);
  });
});
