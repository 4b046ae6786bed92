import { beforeAll, describe, expect, it } from "vitest";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articles, users } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { searchFieldsFor } from "@/lib/search/text";
import { fillMissingSearchText } from "@/lib/search/backfill";
import { eq } from "drizzle-orm";
import { RERANK_WINDOW } from "@/lib/search/rank";
import { call } from "@/test/api";
import { RELEVANCE } from "@/test/search-relevance";
import { GET as search } from "./search/route";

type Item = { id: number; title: string };
const find = async (keyword: string, qs = "", token?: string) =>
  call(search, `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}${qs}`, { token });

beforeAll(async () => {
  await seedDemoArticles(await getDb());
});

// Each keyword of the relevance table must bring the article whose title starts with the expected text into the top 3.
describe("search relevance on the demo articles", () => {
  it.each(RELEVANCE)("%s → %s", async (keyword, title) => {
    const { status, body } = await find(keyword);
    expect(status).toBe(200);
    const top = body.data.items.slice(0, 3).map((a: Item) => a.title);
    expect(top.some((t: string) => t.startsWith(title)), `top 3: ${top.join(" | ")}`).toBe(true);
  });

  it("puts the article whose title holds a two-character word first", async () => {
    const { body } = await find("洱海");
    expect(body.data.items[0].title).toBe("在洱海边骑了一下午电动车");
  });

  it("ranks an exact title phrase above articles holding the words apart", async () => {
    const db = await getDb();
    const rows = [
      { title: "数据与索引：分开讲", content: "数据索引 数据索引 数据索引 数据索引", url: "https://example.com/phrase/apart" },
      { title: "一文读懂数据索引", content: "正文", url: "https://example.com/phrase/exact" },
    ];
    await db.insert(articles).values(
      rows.map((r) => ({ title: r.title, content: r.content, sourceUrl: r.url, ...searchFieldsFor({ title: r.title, content: r.content }) })),
    );
    const { body } = await find("数据索引");
    expect(body.data.items[0].title).toBe("一文读懂数据索引");
    expect(body.data.items.map((a: Item) => a.title)).toContain("数据与索引：分开讲");
  });

  it("weighs a word in the title above the same word in a body", async () => {
    const db = await getDb();
    const body = "这篇文章讲的是别的事情。".repeat(5) + "顺带提一句蜂鸟。";
    await db.insert(articles).values([
      { title: "关于鸟类迁徙的笔记", content: `${body}蜂鸟蜂鸟蜂鸟`, sourceUrl: "https://example.com/weight/body", ...searchFieldsFor({ title: "关于鸟类迁徙的笔记", content: `${body}蜂鸟蜂鸟蜂鸟` }) },
      { title: "蜂鸟悬停的秘密", content: "正文很短。", sourceUrl: "https://example.com/weight/title", publishedAt: new Date("2021-01-01"), ...searchFieldsFor({ title: "蜂鸟悬停的秘密", content: "正文很短。" }) },
    ]);
    const titles = (await find("蜂鸟")).body.data.items.map((a: Item) => a.title);
    expect(titles[0]).toBe("蜂鸟悬停的秘密");
    expect(titles).toContain("关于鸟类迁徙的笔记");
  });
});

describe("articles written before the title bigrams existed", () => {
  it("get them at start-up, once", async () => {
    const db = await getDb();
    const title = "旧文章：琉璃瓦的烧制";
    const fields = { ...searchFieldsFor({ title, content: "正文" }), searchGrams: "" }; // as before migration 0004
    const [row] = await db.insert(articles).values({ title, content: "正文", sourceUrl: "https://example.com/old/grams", ...fields }).returning();
    expect(row.searchGrams).toBe("");
    expect(await fillMissingSearchText(db)).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(articles).where(eq(articles.id, row.id));
    expect(after.searchGrams).toContain("琉璃");
    expect(await fillMissingSearchText(db)).toBe(0);
    expect((await find("琉璃瓦的烧")).body.data.items[0].title).toBe(title);
  });
});

describe("search totals and pages", () => {
  const N = RERANK_WINDOW + 25;
  beforeAll(async () => {
    const db = await getDb();
    const rows = Array.from({ length: N }, (_, i) => {
      const title = `星图测绘第${i}篇`;
      const content = i % 2 ? "星图测绘的正文" : "正文";
      return { title, content, sourceUrl: `https://example.com/many/${i}`, likeCnt: i, ...searchFieldsFor({ title, content }) };
    });
    await db.insert(articles).values(rows);
  });

  it("counts every match exactly and pages through all of them once, across the re-rank window", async () => {
    const [u] = await (await getDb()).insert(users).values({ accountName: "search_pager" }).returning();
    const token = await signToken(u.id);
    const seen = new Set<number>();
    let total = -1;
    for (let page = 1; page <= 6; page++) {
      const { status, body } = await find("星图测绘", `&page=${page}&limit=50`, token);
      expect(status).toBe(200);
      total = body.data.total;
      for (const a of body.data.items as Item[]) {
        expect(seen.has(a.id)).toBe(false);
        seen.add(a.id);
      }
    }
    expect(total).toBe(N);
    expect(seen.size).toBe(N);
    const past = await find("星图测绘", "&page=9&limit=50", token);
    expect(past.body.data).toEqual({ items: [], total: N, total_is_estimate: false });
  });

  it("answers pages up to the 10,000th result and refuses deeper ones with a Chinese detail", async () => {
    const [u] = await (await getDb()).insert(users).values({ accountName: "search_deep" }).returning();
    const token = await signToken(u.id);
    const last = await find("星图测绘", "&page=200&limit=50", token);
    expect(last.status).toBe(200);
    expect(last.body.data.items).toEqual([]);
    for (const qs of ["&page=201&limit=50", "&page=10000", "&page=10000&limit=1000"]) {
      const deep = await find("星图测绘", qs, token);
      expect(deep.status, qs).toBe(400);
      expect(deep.body).toEqual({ detail: "搜索结果最多可翻看前 10000 条，请换个更具体的关键词" });
    }
  });

  it("asks a visitor to log in for page 2 of a search", async () => {
    const { status, body } = await find("星图测绘", "&page=2");
    expect(status).toBe(401);
    expect(body.detail).toBeTruthy();
  });
});

// Punctuation of any width around or inside a keyword does not change what it finds (issue 18).
const DRESSED: [name: string, dress: (keyword: string) => string][] = [
  ["“ ”", (k) => `“${k}”`],
  ["「 」", (k) => `「${k}」`],
  ["trailing ？", (k) => `${k}？`],
  ["trailing ！！", (k) => `${k}！！`],
  ["full-width spaces", (k) => `　${k.replace(/ /g, "　")}　`],
  ['ASCII " " and ?', (k) => `"${k}"?`],
  ["《 》 and …", (k) => `《${k}》…`],
  ["、 ： ； between words", (k) => k.replace(/ /g, "、").replace(/^/, "：").replace(/$/, "；")],
];

describe("keywords dressed in punctuation", () => {
  const bare = new Map<string, number[]>();
  const top3 = async (keyword: string) => {
    const { status, body } = await find(keyword);
    expect(status).toBe(200);
    return body.data.items.slice(0, 3).map((a: Item) => a.id);
  };

  it.each(DRESSED)("%s: every keyword of the relevance table keeps its top 3", async (_name, dress) => {
    for (const [keyword] of RELEVANCE) {
      if (!bare.has(keyword)) bare.set(keyword, await top3(keyword));
      expect(bare.get(keyword)!.length, keyword).toBeGreaterThan(0);
      expect(await top3(dress(keyword)), dress(keyword)).toEqual(bare.get(keyword));
    }
  });

  it("keeps the zero result for a keyword that matches nothing, however dressed", async () => {
    for (const keyword of ["“不存在的词语组合”？", "「全然无关」！！", "《不存在的书名》"]) expect((await find(keyword)).body.data.total, keyword).toBe(0);
  });
});

describe("search input that is not a plain keyword", () => {
  it.each([
    ["'; drop table articles; --"],
    ["%"],
    ["%%_\\"],
    ["a:* & !b | (c"],
    ["<->"],
    ["？！…"],
    ["😀"],
    ["'"],
    ["select * from users where 1=1"],
  ])("%s answers normally", async (keyword) => {
    const { status, body } = await find(keyword);
    expect(status).toBe(200);
    expect(body.data.total).toBe(body.data.items.length);
  });

  it.each([
    ["page 0", "keyword=%E6%B4%B1%E6%B5%B7&page=0", "page"],
    ["page -1", "keyword=%E6%B4%B1%E6%B5%B7&page=-1", "page"],
    ["page abc", "keyword=%E6%B4%B1%E6%B5%B7&page=abc", "page"],
    ["limit 0", "keyword=%E6%B4%B1%E6%B5%B7&limit=0", "limit"],
    ["a 1,000-character keyword", `keyword=${"长".repeat(1000)}`, "关键词"],
    ["a blank keyword", "keyword=%20%20", "关键词"],
  ])("%s is a 400 naming the parameter", async (_label, qs, name) => {
    const { status, body } = await call(search, `/api/v1/articles/search?${qs}`);
    expect(status).toBe(400);
    expect(body.detail).toContain(name);
  });

  it("clamps a huge limit", async () => {
    const { status, body } = await find("的", "&limit=100000");
    expect(status).toBe(200);
    expect(body.data.items.length).toBeLessThanOrEqual(50);
  });
});
