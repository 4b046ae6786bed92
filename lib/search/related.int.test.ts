// Both databases: the planner's statistics choose the plan the test checks.
// Related articles (lib/search/related.ts) on a real database: they share the title's words, ranked above
// articles sharing fewer, never the article itself, a hidden or a pending one, at most RELATED_MAX, an identical
// title once, topped up with the platform's earlier articles; then on a synthetic corpus with PostgreSQL's
// statistics, where the plan reads the title index only for rare words and the ids just before otherwise.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles, feedSources, type NewArticle } from "@/lib/db/schema";
import { insertSynthetic } from "@/lib/db/seed/insert-synthetic";
import { questionTerms } from "./question-terms";
import { RELATED_MAX, RELATED_MIN, relatedArticles } from "./related";
import { forgetTermStats } from "./statistics";
import { searchFieldsFor } from "./text";

const DAY = 86_400_000;
const t0 = Date.parse("2026-11-20T04:00:00Z");
let n = 0;

async function add(title: string, extra: Partial<NewArticle> = {}): Promise<number> {
  const [row] = await (await getDb())
    .insert(articles)
    .values({
      title,
      content: `${title}的正文。`,
      sourceUrl: `https://example.com/related/${++n}`,
      platformName: "juejin",
      publishedAt: new Date(t0 - n * 60_000),
      ...searchFieldsFor({ title, content: `${title}的正文。` }),
      ...extra,
    })
    .returning({ id: articles.id });
  return row.id;
}

const words = (title: string) => new Set(questionTerms(title).map((t) => t.text));
const shares = (a: string, b: string) => [...words(a)].some((w) => words(b).has(w));

describe("related articles on a small collection (no statistics)", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.source = await add("Rust 所有权与借用检查器详解");
    ids.lifetimes = await add("Rust 生命周期和借用规则");
    ids.cpp = await add("从 C++ 到 Rust：所有权模型对比", { platformName: "zhihu" });
    ids.hidden = await add("Rust 所有权与借用的十个误区", { hiddenAt: new Date() });
    ids.pending = await add("借用检查器为何拒绝我的 Rust 所有权代码", { reviewStatus: "pending", hiddenAt: new Date() });
    ids.twin = await add("Rust 所有权与借用检查器详解", { platformName: "zhihu" });
    for (let i = 1; i <= 10; i++) ids[`intro${i}`] = await add(`Rust 入门第 ${i} 课：安装与环境`, { platformName: i % 2 ? "juejin" : "csdn" });
    ids.dupA = await add("借用检查器的报错怎么读");
    ids.dupB = await add("借用检查器的报错怎么读", { platformName: "csdn" });
    // Sharing no word with anything: the stew's related articles are juejin articles collected just before it.
    ids.stew = await add("番茄炖牛腩的家常做法", { publishedAt: new Date(t0 - 30 * DAY) });
    // A douban article collected after older douban articles it shares no word with, and no douban article in
    // the ids just before it: the platform's articles published just before it fill its list.
    ids.tea = await add("一壶老白茶的冲泡", { platformName: "douban", publishedAt: new Date(t0 - 40 * DAY) });
    for (let i = 1; i <= 6; i++) ids[`old${i}`] = await add(`周末书单之${"一二三四五六"[i - 1]}：散文与小说`, { platformName: "douban", publishedAt: new Date(t0 - 40 * DAY - i * 3_600_000) });
    ids.oldHidden = await add("周末书单：被撤下的一期", { platformName: "douban", publishedAt: new Date(t0 - 40 * DAY - 1_800_000), hiddenAt: new Date() });
    ids.oldZhihu = await add("周末书单：知乎上的一期", { publishedAt: new Date(t0 - 40 * DAY - 1_900_000), platformName: "zhihu" });
  });

  it("lists at most RELATED_MAX articles sharing the title's words, the closest first, never itself, a hidden or pending one", async () => {
    const related = await relatedArticles({ db: await getDb(), id: ids.source });
    const got = related.map((r) => r.id);
    expect(related).toHaveLength(RELATED_MAX);
    expect(new Set(got).size).toBe(got.length);
    for (const id of [ids.source, ids.hidden, ids.pending]) expect(got).not.toContain(id);
    for (const r of related) {
      expect(r.reason).toBe("words");
      expect(shares(r.title, "Rust 所有权与借用检查器详解"), r.title).toBe(true);
    }
    // Sharing two or three of its words ranks above sharing only Rust.
    const firstIntro = got.findIndex((id) => related.find((r) => r.id === id)!.title.includes("入门"));
    for (const id of [ids.lifetimes, ids.cpp]) {
      expect(got).toContain(id);
      expect(got.indexOf(id)).toBeLessThan(firstIntro);
    }
  });

  it("shows an identical title once, and never the article's own title again", async () => {
    const related = await relatedArticles({ db: await getDb(), id: ids.source });
    expect(related.map((r) => r.id)).not.toContain(ids.twin);
    const titles = related.map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
    const fromDup = await relatedArticles({ db: await getDb(), id: ids.dupA });
    expect(fromDup.map((r) => r.id)).not.toContain(ids.dupB);
  });

  it("tops up with the platform's articles collected just before it when words find too few", async () => {
    const related = await relatedArticles({ db: await getDb(), id: ids.stew });
    expect(related).toHaveLength(RELATED_MAX);
    const got = related.map((r) => r.id);
    for (const r of related) {
      expect(r).toMatchObject({ reason: "platform", platformName: "juejin" });
      expect(r.id).toBeLessThan(ids.stew);
    }
    expect(got).toEqual([...got].sort((a, b) => b - a)); // nearest first
    for (const id of [ids.hidden, ids.pending]) expect(got).not.toContain(id);
  });

  it("then with the platform's visible articles published just before it", async () => {
    const related = await relatedArticles({ db: await getDb(), id: ids.tea });
    expect(related.length).toBeGreaterThanOrEqual(RELATED_MIN);
    expect(related.map((r) => r.id).slice(0, 6)).toEqual([1, 2, 3, 4, 5, 6].map((i) => ids[`old${i}`]));
    for (const r of related) {
      expect(r).toMatchObject({ reason: "platform", platformName: "douban" });
      expect(r.id).not.toBe(ids.oldHidden);
    }
  });

  it("an article with no platform lists at least RELATED_MIN: its feed source's, then the same day's hot ones, then the site's, each saying why (issue 46)", async () => {
    const db = await getDb();
    const day = new Date(t0 - 50 * DAY);
    const [{ id: feed }] = await db.insert(feedSources).values({ url: `https://example.com/feed-${process.pid}.xml`, title: "某博客" }).returning({ id: feedSources.id });
    // Sharing no word with each other or with anything else; no platform.
    const alone = await add("孤零零的一篇随笔", { platformName: null, publishedAt: day });
    const sameDayIds = [await add("潮汐表的读法", { platformName: null, publishedAt: new Date(day.getTime() + 3_600_000) }), await add("晒柿饼的第三天", { platformName: null, publishedAt: new Date(day.getTime() - 3_600_000) })];
    const fed = await add("秋天的银杏大道", { platformName: null, feedSourceId: feed, publishedAt: new Date(day.getTime() - 2 * DAY) });
    const fromSource = [1, 2, 3].map((i) => add(`旧相机修理记之${"一二三"[i - 1]}`, { platformName: null, feedSourceId: feed, publishedAt: new Date(day.getTime() - (2 + i) * DAY) }));
    const sourceIds = await Promise.all(fromSource);

    const lonely = await relatedArticles({ db, id: alone });
    expect(lonely).toHaveLength(RELATED_MIN);
    expect(lonely.map((r) => r.reason)).toEqual(["day", "day", "hot", "hot", "hot"]);
    expect(lonely.slice(0, 2).map((r) => r.id).sort()).toEqual([...sameDayIds].sort());
    expect(lonely.map((r) => r.id)).not.toContain(alone);

    const sourced = await relatedArticles({ db, id: fed });
    expect(sourced.length).toBeGreaterThanOrEqual(RELATED_MIN);
    expect(sourced.slice(0, 3)).toEqual(sourceIds.map((id) => expect.objectContaining({ id, reason: "source" })));
    expect(sourced.slice(3).every((r) => r.reason === "day" || r.reason === "hot")).toBe(true);
  });

  it("asks a limit and answers nothing for an unknown or hidden article", async () => {
    const db = await getDb();
    expect(await relatedArticles({ db, id: ids.source, limit: 3 })).toHaveLength(3);
    expect(await relatedArticles({ db, id: 999_999_999 })).toEqual([]);
    expect(await relatedArticles({ db, id: ids.hidden })).toEqual([]);
    expect(await relatedArticles({ db, id: ids.pending })).toEqual([]);
  });
});

describe("related articles with PostgreSQL's statistics (a synthetic corpus)", () => {
  let sample: { id: number; title: string }[] = [];
  let hidden: number[] = [];
  beforeAll(async () => {
    const db = await getDb();
    await insertSynthetic(db, { count: 2500, now: t0 });
    // Hide one in ten synthetic articles, their search text kept (as a pending article's may be).
    const rows = await db.execute<{ id: number }>(sql`update articles set hidden_at = now() where origin = 'synthetic' and id % 10 = 3 returning id`);
    hidden = rows.rows.map((r) => Number(r.id));
    await db.execute(sql`analyze articles`);
    forgetTermStats(db);
    const picked = await db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(sql`origin = 'synthetic' and hidden_at is null and id % 97 = 0`);
    sample = picked.slice(0, 12);
  }, 120_000);

  it("finds articles sharing words for every sampled title, none hidden, none itself, at most RELATED_MAX", async () => {
    const db = await getDb();
    expect(sample.length).toBeGreaterThanOrEqual(10);
    let byWords = 0;
    for (const { id, title } of sample) {
      const related = await relatedArticles({ db, id });
      expect(related.length).toBeGreaterThanOrEqual(RELATED_MIN);
      expect(related.length).toBeLessThanOrEqual(RELATED_MAX);
      const got = related.map((r) => r.id);
      expect(got).not.toContain(id);
      expect(got.filter((g) => hidden.includes(g))).toEqual([]);
      const visible = await db.select({ id: articles.id }).from(articles).where(inArray(articles.id, got));
      expect(visible).toHaveLength(got.length);
      for (const r of related.filter((r) => r.reason === "words")) {
        expect(shares(r.title, title), `${title} → ${r.title}`).toBe(true);
        byWords++;
      }
    }
    expect(byWords).toBeGreaterThan(sample.length * 3);
  });

  it("a takedown is out of the very next answer", async () => {
    const db = await getDb();
    const { id } = sample[0];
    const before = await relatedArticles({ db, id });
    await db.update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, before[0].id));
    expect((await relatedArticles({ db, id })).map((r) => r.id)).not.toContain(before[0].id);
  });
});
