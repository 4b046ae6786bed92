// Links a crawler can follow (docs/seo.md): a permalink shows related articles and links to its platform's and
// its day's listing, whose pages go on through plain <a href> links; listing addresses that name nothing are
// 404; canonical addresses; the structured data and Baidu's mobile signals of each page.
import { expect, test, type APIRequestContext } from "./support/fixtures";
import { ListingPage, PermalinkPage } from "./pages/listing-pages";
import { onServerDb } from "./support/server-db";

/** 40 articles of one platform on one China day, more than a listing page holds (30), sharing title words. */
const COUNT = 40;
// Long before any demo article (the demo's dates are up to 89 days before the day the server seeded them).
const DAY = "2025-03-03";
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let ids: number[] = [];

test.beforeAll(async ({ workerServer }) => {
  // Noon in China on DAY, a minute apart; titles share 书单 and 散文 with each other and nothing with the demo.
  const rows = await onServerDb<{ id: number }>(
    workerServer.url,
    `insert into articles (title, content, summary, author_name, platform_name, source_platform, source_url, published_at, origin, search_title, search_body, search_grams)
     select '周末书单第' || i || '期：散文与诗', '这一期的书单。', '第 ' || i || ' 期书单的摘要。', '书单编辑', 'sspai', '少数派',
            'https://sspai.com/e2e-listings/' || $1 || '/' || i, ($2::timestamptz - i * interval '1 minute'), 'feed',
            '周末 书单 第 ' || i || ' 期 散文 与 诗', '这 一期 的 书单', '周末 末书 书单'
     from generate_series(1, ${COUNT}) as i
     returning id`,
    [run, `${DAY}T12:00:00+08:00`],
  );
  ids = rows.map((r) => Number(r.id));
});

test.afterAll(async ({ workerServer }) => {
  if (ids.length) await onServerDb(workerServer.url, "delete from articles where id = any($1::int[])", [ids]);
});

test("a reader goes from a permalink to related articles, then pages through its platform's and its day's listings", async ({ page }) => {
  const permalink = new PermalinkPage(page);
  await permalink.goto(ids[5]);
  await expect(permalink.heading).toHaveText("周末书单第6期：散文与诗");
  await expect(permalink.breadcrumbs.getByRole("link", { name: "少数派" })).toHaveAttribute("href", "/platforms/sspai");

  // Related articles: five to eight, each another permalink, sharing the title's words.
  const count = await permalink.relatedLinks.count();
  expect(count).toBeGreaterThanOrEqual(5);
  expect(count).toBeLessThanOrEqual(8);
  for (const href of await permalink.relatedLinks.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/articles\/\d+$/);
    expect(href).not.toBe(`/articles/${ids[5]}`);
  }
  const first = permalink.relatedLinks.first();
  const title = await first.innerText();
  expect(title).toContain("书单");
  await first.click();
  await expect(permalink.heading).toHaveText(title);

  // The platform's listing, newest first, and its next page through a real link.
  await permalink.platformListing.click();
  await expect(page).toHaveURL(/\/platforms\/sspai$/);
  const listing = new ListingPage(page);
  await expect(listing.heading).toHaveText("少数派上的文章");
  await expect(listing.articles).toHaveCount(30);
  await expect(listing.newer).toHaveCount(0);
  const older = await listing.older.getAttribute("href");
  expect(older).toMatch(/^\/platforms\/sspai\?before=\d+$/);
  await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", older!);
  const lastOnFirst = await listing.articles.last().innerText();
  await listing.older.click();
  await expect(page).toHaveURL(older!);
  await expect(listing.articles.first()).not.toHaveText(lastOnFirst);
  await expect(listing.newer).toHaveAttribute("rel", "prev");

  // The day's listing from a permalink on that day, and its next page.
  await page.goto(`/articles/${ids[0]}`);
  await permalink.dayListing.click();
  await expect(page).toHaveURL(new RegExp(`/days/${DAY}$`));
  await expect(listing.heading).toHaveText("2025年3月3日发布的文章");
  await expect(listing.articles).toHaveCount(30);
  await expect(listing.articles.first()).toHaveText("周末书单第1期：散文与诗");
  await listing.older.click();
  await expect(page).toHaveURL(new RegExp(`/days/${DAY}\\?before=${ids[29]}$`));
  await expect(listing.articles.first()).toHaveText("周末书单第31期：散文与诗");
  await listing.newer.click();
  await expect(listing.articles.first()).toHaveText("周末书单第1期：散文与诗");
});

async function status(request: APIRequestContext, path: string) {
  return (await request.get(path, { maxRedirects: 0 })).status();
}

/** The id of a listing's oldest article, reached through its pages' `rel="next"` links. */
async function oldestOf(request: APIRequestContext, base: string): Promise<number> {
  let path = base;
  for (;;) {
    const html = await (await request.get(path)).text();
    const next = /<a href="([^"]+)" rel="next"/.exec(html)?.[1].replaceAll("&amp;", "&");
    if (!next) return Number([...html.matchAll(/href="\/articles\/(\d+)"/g)].at(-1)![1]);
    path = next;
  }
}

test("listing addresses that name nothing are 404; an empty day is noindex", async ({ request }) => {
  const oldest = await oldestOf(request, "/platforms/sspai");
  for (const path of [
    "/platforms/nowhere",
    "/platforms/SSPAI",
    "/days/2026-02-30",
    "/days/2026-1-5",
    "/days/2999-01-01",
    `/platforms/sspai?before=${oldest}`,
    "/platforms/sspai?before=999999999",
    "/platforms/sspai?before=abc",
    `/platforms/sspai?before=${ids[1]}&after=${ids[0]}`,
    `/platforms/zhihu?before=${ids[3]}`,
    `/days/2025-03-02?before=${ids[3]}`,
  ]) {
    expect(await status(request, path), path).toBe(404);
  }
  expect(await status(request, `/platforms/sspai?before=${ids[3]}`)).toBe(200);
  const empty = await request.get("/days/2001-01-01");
  expect(empty.status()).toBe(200);
  expect(await empty.text()).toMatch(/<meta name="robots" content="noindex, follow"/);
  const full = await (await request.get("/platforms/sspai")).text();
  expect(full).not.toContain('name="robots"');
  expect(full).toContain('<link rel="canonical" href="http://localhost');
});

test("permalinks and pages have one address: leading zeros and trailing slashes answer 301", async ({ request }) => {
  const id = ids[0];
  for (const [from, to] of [[`/articles/00${id}`, `/articles/${id}`], [`/articles/${id}/`, `/articles/${id}`], [`/articles/0${id}/?from=x`, `/articles/${id}?from=x`], ["/about/", "/about"], ["/platforms/sspai/", "/platforms/sspai"]]) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    const location = new URL(res.headers()["location"], "http://any.example");
    expect(location.pathname + location.search).toBe(to);
  }
  expect(await status(request, "/api/v1/articles/")).toBe(200); // the API's paths end in a slash, as the spec writes them
});

test("pages carry Baidu's mobile signals and their structured data parses", async ({ request }) => {
  for (const path of ["/", `/articles/${ids[0]}`, "/platforms/sspai", `/days/${DAY}`]) {
    const res = await request.get(path);
    expect(res.headers()["cache-control"], path).toContain("no-transform");
    const html = await res.text();
    expect(html, path).toContain('<meta name="applicable-device" content="pc,mobile"/>');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(blocks.length, path).toBeGreaterThan(0);
    for (const b of blocks) expect(b["@context"]).toBe("https://schema.org");
    const types = blocks.map((b) => b["@type"]);
    if (path === "/") expect(types).toContain("WebSite");
    else expect(types).toContain("BreadcrumbList");
    if (path.startsWith("/articles/")) {
      const article = blocks.find((b) => b["@type"] === "Article");
      expect(article).toMatchObject({ headline: "周末书单第1期：散文与诗", publisher: { name: "拾阅", logo: { "@type": "ImageObject" } } });
      expect(article.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  }
});
