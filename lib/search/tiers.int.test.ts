// Both databases: extensions (pg_trgm, pgvector: PGlite bundles its own build) and the planner's statistics.
// The search's plan for common keywords (docs/search.md): tiers read in hot order only as deep as the page,
// the walk and the bitmap answering alike, and totals exact up to a bound and estimated above it. Runs on a
// synthetic corpus with PostgreSQL's statistics collected, with the bounds lowered so a few thousand
// articles exercise what a million do in production.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles, readHistory, users } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { insertSynthetic } from "@/lib/db/seed/insert-synthetic";
import { keywordToPhraseTsquery, keywordToTsquery } from "./keyword";
import { rankMatches } from "./rank";
import { countMatches, estimateMatches, sampleEstimate } from "./total";
import { PHRASE_WINDOW } from "./tiers";
import { forgetTermStats, termStats } from "./statistics";
import { topByHot } from "./top-by-hot";

const SYNTHETIC = 3000;

beforeAll(async () => {
  const db = await getDb();
  await seedDemoArticles(db);
  await insertSynthetic(db, { count: SYNTHETIC });
  await db.execute(sql`analyze articles`);
  forgetTermStats(db);
}, 120_000);

/**
 * Every match of `keyword` in the tiers' order, computed directly: title matches (every word, or the phrase)
 * by hot score with the phrase ones among the first PHRASE_WINDOW lifted first, then body matches by hot score.
 */
async function expectedOrder(keyword: string, readerId?: number): Promise<number[]> {
  const w = keywordToTsquery(keyword)!;
  const p = keywordToPhraseTsquery(keyword);
  const phrase = p ? sql`title_grams @@ to_tsquery('simple', ${p})` : sql`false`;
  const unread = readerId ? sql`and not exists (select 1 from read_history r where r.user_id = ${readerId} and r.article_id = articles.id)` : sql``;
  const { rows } = await (await getDb()).execute<{ id: number; in_title: boolean; phrase: boolean }>(sql`
    select id, (title_vector @@ to_tsquery('simple', ${w}) or ${phrase}) as in_title, ${phrase} as phrase from articles
    where (search_vector @@ to_tsquery('simple', ${w}) or ${phrase}) ${unread}
    order by hot_score desc, id desc`);
  const title = rows.filter((r) => r.in_title);
  const window = title.slice(0, PHRASE_WINDOW);
  return [...window.filter((r) => r.phrase), ...window.filter((r) => !r.phrase), ...title.slice(PHRASE_WINDOW), ...rows.filter((r) => !r.in_title)].map((r) =>
    Number(r.id),
  );
}

async function allPages(keyword: string, limit: number, reader: { userId: number; excludeRead: boolean } | null = null) {
  const db = await getDb();
  const ids: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await rankMatches({ db, keyword, offset, limit, reader, fullRankMax: 0 });
    expect(page.plan).toBe("tiers");
    ids.push(...page.ids);
    if (page.ids.length < limit) return { ids, total: page.total, estimated: page.totalIsEstimate };
  }
}

describe("the tiers plan", () => {
  it("has statistics to choose from once the table is analysed", async () => {
    const stats = await termStats(await getDb());
    expect(stats.articles).toBeGreaterThan(SYNTHETIC);
    expect(stats.columns.search_vector?.freq.size).toBeGreaterThan(50);
    expect(stats.columns.title_vector?.freq.size).toBeGreaterThan(10);
  });

  it("estimates a word that occurs nowhere at zero on a million articles' statistics, and answers total 0 exactly", async () => {
    const db = await getDb();
    const real = await termStats(db);
    // The figures a 1,000,000-article collection gives: every unlisted lexeme is bounded by a floor of 6.72%,
    // so the bound of `zxqvbnm` alone is 67,200 articles and the plan must look further than the statistics.
    const millionShaped = { ...real, articles: 1_000_000, columns: { ...real.columns, search_vector: { ...real.columns.search_vector!, floor: 0.0672 } } };
    for (const keyword of ["zxqvbnm", "qwpoeiruty", "数据 zxqvbnm"]) {
      const terms = keyword.split(" ").map((text, i, all) => ({ text, prefix: i === all.length - 1 }));
      const words = sql`(${articles.searchVector} @@ to_tsquery('simple', ${keywordToTsquery(keyword)}))`;
      expect(await estimateMatches(db, { words, terms, stats: millionShaped })).toBe(0);
      const page = await rankMatches({ db, keyword, offset: 0, limit: 20, fullRankMax: 0 });
      expect({ keyword, total: page.total, estimated: page.totalIsEstimate, ids: page.ids }).toEqual({ keyword, total: 0, estimated: false, ids: [] });
    }
  });

  it("keeps a rare keyword on the full ranking", async () => {
    const page = await rankMatches({ db: await getDb(), keyword: "洱海", offset: 0, limit: 20 });
    expect(page.plan).toBe("full");
    expect(page.total).toBeGreaterThan(0);
  });

  it.each(["数据 索引", "指数基金", "用户 体验", "黑洞", "睡眠质量"])("pages through every match of “%s” once, tier by tier in hot order", async (keyword) => {
    const expected = await expectedOrder(keyword);
    expect(expected.length).toBeGreaterThan(50);
    const { ids, total, estimated } = await allPages(keyword, 50);
    expect(ids).toEqual(expected);
    expect({ total, estimated }).toEqual({ total: expected.length, estimated: false });
  });

  it("leaves out what a reader has read when asked to", async () => {
    const db = await getDb();
    const [u] = await db.insert(users).values({ accountName: "tiers_reader" }).returning();
    const first = (await rankMatches({ db, keyword: "数据 索引", offset: 0, limit: 30, fullRankMax: 0 })).ids;
    await db.insert(readHistory).values(first.filter((_, i) => i % 2 === 0).map((articleId) => ({ userId: u.id, articleId })));
    const { ids } = await allPages("数据 索引", 20, { userId: u.id, excludeRead: true });
    expect(ids).toEqual(await expectedOrder("数据 索引", u.id));
  });
});

describe("top by hot score", () => {
  const cases: [string, ReturnType<typeof sql>][] = [
    ["a common body word", sql`("articles"."search_vector" @@ to_tsquery('simple', '数据'))`],
    ["a title word", sql`("articles"."title_vector" @@ to_tsquery('simple', '黑洞'))`],
    ["a rare word", sql`("articles"."search_vector" @@ to_tsquery('simple', '洱海'))`],
    ["nothing", sql`("articles"."search_vector" @@ to_tsquery('simple', '不存在的词'))`],
  ];
  it.each(cases)("walks and collects alike: %s", async (_, where) => {
    const db = await getDb();
    const articleCount = Number((await db.execute<{ n: string }>(sql`select count(*) n from articles`)).rows[0].n);
    const { rows } = await db.execute<{ id: number }>(sql`select id from articles where ${where} order by hot_score desc, id desc`);
    const all = rows.map((r) => Number(r.id));
    for (const k of [1, 20, 200]) {
      // An estimate of every article forces a walk; a wrong one makes it give up after its cap and collect instead.
      const walked = await topByHot(db, { where, k, estimate: articleCount, articles: articleCount });
      const collected = await topByHot(db, { where, k, estimate: null, articles: articleCount });
      expect(walked).toEqual(all.slice(0, k));
      expect(collected).toEqual(all.slice(0, k));
    }
  });
});

describe("totals", () => {
  const truthOf = async (where: ReturnType<typeof sql>) =>
    Number((await (await getDb()).execute<{ n: string }>(sql`select count(*) n from articles where ${where}`)).rows[0].n);
  const vector = (q: string) => sql`("articles"."search_vector" @@ to_tsquery('simple', ${q}))`;

  it.each(["数据", "用户 & 体验", "黑洞", "数据 & 索引"])("are counted exactly up to the bound: %s", async (q) => {
    const truth = await truthOf(vector(q));
    expect(await countMatches(await getDb(), { words: vector(q), estimate: 0, exactMax: truth })).toEqual({ count: truth, estimated: false });
    // One match over the bound: estimated, and at least the bound.
    const over = await countMatches(await getDb(), { words: vector(q), estimate: 0, exactMax: truth - 1 });
    expect(over.estimated).toBe(true);
    expect(over.count).toBeGreaterThanOrEqual(truth);
  });

  it("answers an estimate well above the bound without counting", async () => {
    expect(await countMatches(await getDb(), { words: vector("数据"), estimate: 123_456 })).toEqual({ count: 123_456, estimated: true });
  });

  // The sample holds one article in 64: on this small corpus only words in most articles give it enough
  // matches for a tight estimate (the bench checks every keyword on a million articles).
  it.each(["数据", "用户 & 体验"])("are estimated from the sample within 20%%: %s", async (q) => {
    const truth = await truthOf(vector(q));
    const estimate = await sampleEstimate(await getDb(), vector(q));
    expect(Math.abs(estimate - truth) / truth, `${estimate} for ${truth}`).toBeLessThanOrEqual(0.2);
  });

  it.each(["用户 体验", "指数基金", "数据 索引"])("are estimated from the statistics or the sample within 20%%: %s", async (keyword) => {
    const db = await getDb();
    const q = keywordToTsquery(keyword)!;
    const truth = await truthOf(vector(q));
    expect(truth).toBeGreaterThan(100);
    const terms = q.split(" & ").map((t) => ({ text: t.replace(/'/g, "") }));
    const estimate = await estimateMatches(db, { words: vector(q), terms, stats: await termStats(db) });
    expect(Math.abs(estimate - truth) / truth, `${estimate} for ${truth}`).toBeLessThanOrEqual(0.2);
  });

  it("adds the other condition's matches to an exact count", async () => {
    const phrase = sql`("articles"."title_grams" @@ to_tsquery('simple', '洱海'))`;
    const truth = await truthOf(sql`(${vector("黑洞")} or ${phrase})`);
    expect(await countMatches(await getDb(), { words: vector("黑洞"), other: phrase, estimate: 0 })).toEqual({ count: truth, estimated: false });
  });

  it("flags a search's total as an estimate only above the bound", async () => {
    const db = await getDb();
    const exact = await rankMatches({ db, keyword: "数据", offset: 0, limit: 20, fullRankMax: 0 });
    expect(exact.totalIsEstimate).toBe(false);
    expect(exact.ids).toHaveLength(20);
  });

  it("counts nothing for a word no article holds", async () => {
    expect(await countMatches(await getDb(), { words: vector("不存在的词"), estimate: 0 })).toEqual({ count: 0, estimated: false });
  });
});

describe("the table", () => {
  it("has the synthetic corpus", async () => {
    const db = await getDb();
    const [{ n }] = (await db.execute<{ n: string }>(sql`select count(*) n from ${articles} where origin = 'synthetic'`)).rows;
    expect(Number(n)).toBe(SYNTHETIC);
  });
});
