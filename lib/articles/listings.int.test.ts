// The listing pages' reads (lib/articles/listings.ts) on a real database: paging a platform and a China-time
// day by keyset reaches every visible article exactly once, newest first (ties in publication time by id),
// back and forth; hidden and pending articles are in no page; a cursor outside the listing, hidden or past the
// end answers null (the pages' 404).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles, type NewArticle } from "@/lib/db/schema";
import { LISTING_PAGE_SIZE, type ListingCursor } from "./listing-params";
import { listingPage, neighbourDays, type ListingScope } from "./listings";

let n = 0;
const ids: Record<string, number[]> = { zhihu: [], hidden: [], day: [] };

async function add(values: Partial<NewArticle> & { publishedAt: Date }): Promise<number> {
  const [row] = await (await getDb())
    .insert(articles)
    .values({ title: `列表测试 ${++n}`, content: "正文", sourceUrl: `https://example.com/listing/${n}`, platformName: "zhihu", ...values })
    .returning({ id: articles.id });
  return row.id;
}

/** Every page of a listing from its head through `before` cursors: the ids in order, and each page's ids. */
async function walk(scope: ListingScope) {
  const db = await getDb();
  const pages: number[][] = [];
  let cursor: ListingCursor = null;
  for (;;) {
    const page = await listingPage({ db, scope, cursor });
    expect(page).not.toBeNull();
    pages.push(page!.items.map((i) => i.id));
    if (!page!.older) return { pages, all: pages.flat(), last: page! };
    cursor = page!.older;
  }
}

beforeAll(async () => {
  const base = Date.parse("2026-11-20T04:00:00Z");
  for (let i = 0; i < 70; i++) {
    // Every fifth shares the previous one's publication time: the id decides between them.
    const at = new Date(base - Math.floor(i / 5) * 3_600_000 - (i % 5 === 4 ? (i % 5) - 1 : i % 5) * 60_000);
    ids.zhihu.push(await add({ publishedAt: at }));
  }
  ids.hidden.push(await add({ publishedAt: new Date(base - 90_000), hiddenAt: new Date() }));
  ids.hidden.push(await add({ publishedAt: new Date(base - 30 * 60_000), reviewStatus: "pending", hiddenAt: new Date() }));
  await add({ publishedAt: new Date(base), platformName: "juejin" });
  // China's 2026-11-10 runs from 2026-11-09T16:00Z to 2026-11-10T16:00Z.
  ids.day.push(await add({ publishedAt: new Date("2026-11-09T16:00:00Z"), platformName: "csdn" }));
  ids.day.push(await add({ publishedAt: new Date("2026-11-10T15:59:59Z"), platformName: "csdn" }));
  await add({ publishedAt: new Date("2026-11-09T15:59:59Z"), platformName: "csdn" }); // 11-09 in China
  await add({ publishedAt: new Date("2026-11-10T16:00:00Z"), platformName: "csdn" }); // 11-11 in China
  await add({ publishedAt: new Date("2026-11-05T02:00:00Z"), platformName: "csdn" });
  await add({ publishedAt: new Date("2026-11-05T03:00:00Z"), platformName: "csdn", hiddenAt: new Date() });
});

describe("a platform's listing", () => {
  it("pages through every visible article once, newest first, ties by id, LISTING_PAGE_SIZE a page", async () => {
    const db = await getDb();
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from articles where platform_name = 'zhihu' and hidden_at is null order by published_at desc, id desc`,
    );
    const { pages, all, last } = await walk({ platform: "zhihu" });
    expect(all).toEqual(rows.map((r) => Number(r.id)));
    expect(pages.map((p) => p.length)).toEqual([LISTING_PAGE_SIZE, LISTING_PAGE_SIZE, 70 - 2 * LISTING_PAGE_SIZE]);
    expect(all.filter((id) => ids.hidden.includes(id))).toEqual([]);
    expect(last.older).toBeNull();
  });

  it("goes back through `after` cursors to the same pages, the first one marked first", async () => {
    const db = await getDb();
    const { pages } = await walk({ platform: "zhihu" });
    const third = await listingPage({ db, scope: { platform: "zhihu" }, cursor: { before: pages[1].at(-1)! } });
    const second = await listingPage({ db, scope: { platform: "zhihu" }, cursor: third!.newer });
    expect(second!.items.map((i) => i.id)).toEqual(pages[1]);
    expect(second!.first).toBe(false);
    const first = await listingPage({ db, scope: { platform: "zhihu" }, cursor: second!.newer });
    expect(first).toMatchObject({ first: true, newer: null });
    expect(first!.items.map((i) => i.id)).toEqual(pages[0]);
    // Fewer than a page newer than the cursor: the first page, whole.
    const near = await listingPage({ db, scope: { platform: "zhihu" }, cursor: { after: pages[0][3] } });
    expect(near!.items.map((i) => i.id)).toEqual(pages[0]);
    expect(near!.first).toBe(true);
  });

  it("answers null for a cursor that is hidden, of another listing, unknown, or the oldest article", async () => {
    const db = await getDb();
    const scope = { platform: "zhihu" };
    const { all } = await walk(scope);
    const juejin = await db.execute<{ id: number }>(sql`select id from articles where platform_name = 'juejin' limit 1`);
    for (const cursor of [{ before: ids.hidden[0] }, { after: ids.hidden[1] }, { before: Number(juejin.rows[0].id) }, { before: 999_999_999 }, { before: all.at(-1)! }]) {
      expect(await listingPage({ db, scope, cursor }), JSON.stringify(cursor)).toBeNull();
    }
  });

  it("is one empty first page for a platform with no articles", async () => {
    expect(await listingPage({ db: await getDb(), scope: { platform: "medium" }, cursor: null })).toEqual({ items: [], newer: null, older: null, first: true });
  });
});

describe("a day's listing", () => {
  it("holds the articles of the China-time day, its first and last second included, hidden ones not", async () => {
    const { all } = await walk({ day: "2026-11-10" });
    expect(all).toEqual([...ids.day].reverse());
    const { rows } = await (await getDb()).execute<{ id: number }>(sql`
      select id from articles where published_at >= '2026-11-19T16:00:00Z' and published_at < '2026-11-20T16:00:00Z' and hidden_at is null
      order by published_at desc, id desc`);
    const big = await walk({ day: "2026-11-20" });
    expect(big.all).toEqual(rows.map((r) => Number(r.id)));
    expect(big.pages.length).toBeGreaterThan(2);
  });

  it("names the nearest days before and after that have visible articles", async () => {
    const db = await getDb();
    expect(await neighbourDays({ db, day: "2026-11-10" })).toEqual({ previous: "2026-11-09", next: "2026-11-11" });
    expect(await neighbourDays({ db, day: "2026-11-09" })).toEqual({ previous: "2026-11-05", next: "2026-11-10" });
    expect((await neighbourDays({ db, day: "2026-11-20" })).next).toBeNull();
  });
});
