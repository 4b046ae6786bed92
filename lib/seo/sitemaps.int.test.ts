// A crawler's walk from /robots.txt through the sitemap index to every file, on a corpus spread over several
// id ranges (the demo articles, then a few thousand more with ids chosen so that four ranges of 50,000 ids
// hold articles, two in between none, and one only a hidden one): every visible article exactly once, hidden
// and pending ones in none, every URL a page that exists; then the files as a cache and a crawler see them.
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { eq, inArray, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as fileRoute } from "@/app/sitemaps/[file]/route";
import { findArticle } from "@/lib/articles/service";
import { getDb, type Db } from "@/lib/db";
import { articles, type NewArticle } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { syntheticArticle } from "@/lib/db/seed/synthetic";
import { siteUrl } from "@/lib/site";
import { chinaDay } from "@/lib/china-time";
import { makeSiteDigest } from "@/lib/digest/write";
import { call } from "@/test/api";
import { crawlSitemaps, fetchSitemapFile, readSitemap } from "@/test/sitemaps";
import { w3cDate } from "./sitemap-xml";
import { createSitemaps, SITE_PAGES, SITEMAP_CACHE_CONTROL, SITEMAP_IDS_PER_FILE as R, type SitemapDoc } from "./sitemaps";

const unzip = promisify(gunzip);
const text = async (doc: SitemapDoc | null) => (doc ? (await unzip(doc.gzip)).toString("utf8") : "");

// Ranges 0 (the demo articles and 49,001–49,999, its last id included), 1 (from its first id), 4 and 6 hold
// articles; 2, 3 and 5 none; 7 a hidden one only.
const SPANS: [number, number][] = [
  [R - 999, R],
  [R, R + 1000],
  [4 * R + 10, 4 * R + 1010],
  [6 * R, 6 * R + 5],
];
const HIDDEN_ID = R + 500;
const PENDING_ID = 4 * R + 500;
const HIDDEN_ONLY_ID = 7 * R + 1;

let visibleIds: number[];

async function insertWithIds(db: Db, ids: number[], extra: Partial<NewArticle> = {}) {
  const now = Date.now();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = ids.slice(i, i + 500).map((id) => ({ ...syntheticArticle(id, 7, now), id, ...extra }));
    await db.insert(articles).values(rows);
  }
}

const idsOf = (urls: string[]) => urls.flatMap((u) => /\/articles\/(\d+)$/.exec(u)?.[1] ?? []).map(Number);
const fileOf = (id: number) => Math.floor(id / R);

beforeAll(async () => {
  const db = await getDb();
  await seedDemoArticles(db);
  const ids = SPANS.flatMap(([from, to]) => Array.from({ length: to - from }, (_, i) => from + i)).filter((id) => id !== HIDDEN_ID && id !== PENDING_ID);
  await insertWithIds(db, ids);
  await insertWithIds(db, [HIDDEN_ID, HIDDEN_ONLY_ID], { hiddenAt: new Date() });
  // A reader's article awaiting review is stored pending and hidden (lib/admin/review.ts).
  await insertWithIds(db, [PENDING_ID], { hiddenAt: new Date(), reviewStatus: "pending", origin: "summary" });
  visibleIds = (await db.select({ id: articles.id }).from(articles).where(isNull(articles.hiddenAt)).orderBy(articles.id)).map((r) => r.id);
}, 120_000);

describe("a crawler's walk", () => {
  it("reaches every visible article exactly once, from robots.txt through the index, and nothing else", async () => {
    const base = siteUrl();
    const crawl = await crawlSitemaps();
    expect(crawl.indexUrl).toBe(`${base}/sitemap.xml`);
    expect(crawl.index.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(crawl.files.map((f) => f.url)).toEqual(["pages", 0, 1, 4, 6].map((k) => `${base}/sitemaps/${k}.xml`));
    for (const f of crawl.files) expect([f.url, f.status]).toEqual([f.url, 200]);

    const ids = idsOf(crawl.urls);
    expect(ids.length).toBeGreaterThan(3000);
    expect(ids).toEqual(visibleIds); // each once, in id order, file after file
    expect(crawl.urls.length).toBe(visibleIds.length + SITE_PAGES.length);
    for (const id of [HIDDEN_ID, PENDING_ID, HIDDEN_ONLY_ID]) expect(ids).not.toContain(id);
    for (const u of crawl.urls) expect(u.startsWith(`${base}/`)).toBe(true);

    // Every file holds only its own range, at most 50,000 URLs.
    for (const f of crawl.files.slice(1)) {
      const k = Number(/(\d+)\.xml$/.exec(f.url)![1]);
      const inFile = idsOf(f.entries.map((e) => e.loc));
      expect(inFile.length).toBeLessThanOrEqual(R);
      expect(inFile.every((id) => fileOf(id) === k)).toBe(true);
    }

    // The site's own pages exist as routes. Every article URL is a permalink that answers: each id is a visible
    // article (above), and the page's own lookup finds one in 25 of them, the first and last of each file included.
    expect(crawl.files[0].entries.map((e) => e.loc)).toEqual([`${base}/`, `${base}/daily`, `${base}/about`, `${base}/privacy`, `${base}/terms`]);
    expect(["app/page.tsx", "app/daily/page.tsx", "app/about/page.tsx", "app/privacy/page.tsx", "app/terms/page.tsx"].every((f) => existsSync(f))).toBe(true);
    const ends = crawl.files.slice(1).flatMap((f) => idsOf([f.entries[0].loc, f.entries.at(-1)!.loc]));
    const sample = [...new Set([...ids.filter((_, i) => i % 25 === 0), ...ends])];
    const missing = [];
    for (const id of sample) if ((await findArticle(String(id))) === null) missing.push(id);
    expect(missing).toEqual([]);
  }, 60_000);

  it("gives each article its own change time and each file the newest change in it", async () => {
    const db = await getDb();
    const crawl = await crawlSitemaps();
    const rows = await db.select({ id: articles.id, updatedAt: articles.updatedAt }).from(articles).where(inArray(articles.id, [1, R, 4 * R + 10, 6 * R + 4]));
    const listed = new Map(crawl.files.flatMap((f) => f.entries).map((e) => [idsOf([e.loc])[0], e.lastmod]));
    for (const r of rows) expect(listed.get(r.id)).toBe(w3cDate(r.updatedAt));
    for (const f of crawl.files.slice(1)) {
      const k = Number(/(\d+)\.xml$/.exec(f.url)![1]);
      const [{ newest }] = await db
        .select({ newest: sql<string>`max(${articles.updatedAt})` })
        .from(articles)
        .where(sql`${articles.id} >= ${k * R} and ${articles.id} < ${(k + 1) * R}`);
      expect(f.lastmod).toBe(w3cDate(new Date(newest)));
      expect(f.lastModified).toBe(new Date(newest).toUTCString());
    }
  });
});

describe("files that do not exist", () => {
  it("answer 404, never an error, for empty ranges, hidden-only ranges and anything that is not a file name", async () => {
    const names = ["2.xml", "5.xml", "7.xml", "8.xml", "42949.xml", "42950.xml", "99999999999.xml", "01.xml", "-1.xml", "1.5.xml", "1", "1.XML", "1.xml.gz", "pages", "sitemap.xml", "..%2F1.xml", "%00.xml", "a".repeat(5000)];
    for (const name of names) {
      const res = await call(fileRoute, `/sitemaps/${encodeURIComponent(name)}`, { params: { file: name } });
      expect([name, res.status]).toEqual([name, 404]);
    }
  });
});

describe("caching and revalidation", () => {
  it("answers a matching ETag or an unchanged date with 304, and tells a CDN it may keep the file", async () => {
    const first = await fetchSitemapFile(`${siteUrl()}/sitemaps/1.xml`);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(first.headers.get("cache-control")).toBe(SITEMAP_CACHE_CONTROL);
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
    const again = (headers: Record<string, string>) => call(fileRoute, "/sitemaps/1.xml", { params: { file: "1.xml" }, headers });
    const cached = await again({});
    expect([cached.status, cached.headers.get("etag"), cached.text]).toEqual([200, etag, first.text]);
    const revalidated = await again({ "if-none-match": `"other", ${etag}` });
    expect([revalidated.status, revalidated.text, revalidated.headers.get("etag")]).toEqual([304, "", etag]);
    expect((await again({ "if-none-match": '"other"' })).status).toBe(200);
    expect((await again({ "if-modified-since": lastModified })).status).toBe(304);
    expect((await again({ "if-modified-since": new Date(Date.parse(lastModified) - 1000).toUTCString() })).status).toBe(200);
    // If-None-Match wins over the date (RFC 9110): a stale tag with a current date is a 200.
    expect((await again({ "if-none-match": '"other"', "if-modified-since": lastModified })).status).toBe(200);
  });

  it("sends the XML whatever the client takes (the HTTP server compresses it), never a Content-Encoding of its own", async () => {
    const ask = (acceptEncoding: string) => call(fileRoute, "/sitemaps/4.xml", { params: { file: "4.xml" }, headers: { "accept-encoding": acceptEncoding } });
    const [zipped, plain] = await Promise.all([ask("gzip, deflate, br"), ask("identity")]);
    for (const res of [zipped, plain]) expect([res.status, res.headers.get("content-encoding"), res.headers.get("content-type")]).toEqual([200, null, "application/xml; charset=utf-8"]);
    expect(zipped.text).toBe(plain.text);
    expect(readSitemap(plain.text, "urlset").length).toBe(999); // 1,000 ids, one pending
  });

  it("keeps a file until an article in it changes: that file's ETag and lastmod move, the others' stay", async () => {
    const db = await getDb();
    const before = await crawlSitemaps();
    const tagOf = (c: typeof before, k: number) => c.files.find((f) => f.url.endsWith(`/${k}.xml`))?.etag;
    await db.update(articles).set({ title: "站点地图里改过标题的文章" }).where(eq(articles.id, R + 7));
    const after = await crawlSitemaps();
    expect(tagOf(after, 1)).not.toBe(tagOf(before, 1));
    const [{ updatedAt }] = await db.select({ updatedAt: articles.updatedAt }).from(articles).where(eq(articles.id, R + 7));
    expect(after.files.find((f) => f.url.endsWith("/1.xml"))?.lastmod).toBe(w3cDate(updatedAt));
    expect(after.files.find((f) => f.url.endsWith("/1.xml"))?.entries.find((e) => e.loc.endsWith(`/articles/${R + 7}`))?.lastmod).toBe(w3cDate(updatedAt));
    for (const k of [0, 4, 6]) expect(tagOf(after, k)).toBe(tagOf(before, k));
    expect(after.files[0].etag).toBe(before.files[0].etag);

    // Hiding one takes it out of its file at once; hiding the last one of a range takes the file out of the index.
    await db.update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, 4 * R + 10));
    await db.update(articles).set({ hiddenAt: new Date() }).where(inArray(articles.id, [6 * R, 6 * R + 1, 6 * R + 2, 6 * R + 3, 6 * R + 4]));
    const hidden = await crawlSitemaps();
    expect(tagOf(hidden, 4)).not.toBe(tagOf(after, 4));
    expect(idsOf(hidden.urls)).not.toContain(4 * R + 10);
    expect(hidden.files.map((f) => f.url.replace(/.*\//, ""))).toEqual(["pages.xml", "0.xml", "1.xml", "4.xml"]);
    expect((await fetchSitemapFile(`${siteUrl()}/sitemaps/6.xml`)).status).toBe(404);
    for (const k of [0, 1]) expect(tagOf(hidden, k)).toBe(tagOf(after, k));
    const shown = (await db.select({ n: sql<number>`count(*)::int` }).from(articles).where(isNull(articles.hiddenAt)))[0].n;
    expect(idsOf(hidden.urls)).toHaveLength(shown);
  });
});

describe("the cost of a repeat", () => {
  /** A sitemaps instance whose database counts the range queries (the version read is a select, not counted). */
  function counted(idsPerFile = R) {
    let queries = 0;
    const counting = async () => {
      const db = await getDb();
      return new Proxy(db, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (prop !== "execute") return value;
          return (...args: unknown[]) => {
            queries++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    };
    return { sitemaps: createSitemaps({ getDb: counting, idsPerFile }), queries: () => queries };
  }

  it("builds a file once for concurrent requests, then reads only the articles version until something changes", async () => {
    const db = await getDb();
    const { sitemaps, queries } = counted();
    const docs = await Promise.all(Array.from({ length: 5 }, () => sitemaps.file(1)));
    expect(new Set(docs.map((d) => d!.etag)).size).toBe(1);
    expect(queries()).toBe(1);
    await sitemaps.file(1);
    expect(queries()).toBe(1);

    // A change elsewhere: file 1 reads its range's stamp once and keeps its document.
    await db.update(articles).set({ summary: "改过的摘要" }).where(eq(articles.id, 3));
    expect((await sitemaps.file(1))!.etag).toBe(docs[0]!.etag);
    expect(queries()).toBe(2);
    await sitemaps.file(1);
    expect(queries()).toBe(2);

    // The index reads every range's stamp in one scan; files built before it need no query of their own after it.
    await sitemaps.file(4);
    await db.update(articles).set({ summary: "又改过的摘要" }).where(eq(articles.id, 3));
    const n = queries();
    await sitemaps.index();
    expect(queries()).toBe(n + 1);
    await sitemaps.file(1);
    await sitemaps.file(4);
    expect(queries()).toBe(n + 1);
    // An empty range the index saw costs nothing either.
    expect(await sitemaps.file(2)).toBeNull();
    expect(queries()).toBe(n + 1);
  });

  it("lists the same articles whatever the range size", async () => {
    const db = await getDb();
    const { sitemaps } = counted(700);
    const index = readSitemap(await text(await sitemaps.index()), "index");
    expect(index.length).toBeGreaterThan(6);
    const ids: number[] = [];
    for (const e of index.slice(1)) {
      const k = Number(/(\d+)\.xml$/.exec(e.loc)![1]);
      ids.push(...idsOf(readSitemap(await text(await sitemaps.file(k)), "urlset").map((x) => x.loc)));
    }
    const now = (await db.select({ id: articles.id }).from(articles).where(isNull(articles.hiddenAt)).orderBy(articles.id)).map((r) => r.id);
    expect(ids).toEqual(now);
  });
});

describe("the site's digests (issue 44)", () => {
  it("lists each day's /daily page in the pages file once the digest of that day is made", async () => {
    const day = chinaDay(new Date());
    const pages = async () => readSitemap((await call(fileRoute, "/sitemaps/pages.xml", { params: { file: "pages.xml" } })).text, "urlset").map((e) => e.loc);
    expect(await pages()).not.toContain(`${siteUrl()}/daily/${day}`);
    await makeSiteDigest(await getDb(), day);
    expect(await pages()).toContain(`${siteUrl()}/daily/${day}`);
  });
});
