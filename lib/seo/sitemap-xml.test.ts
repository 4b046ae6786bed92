import { describe, expect, it } from "vitest";
import { readSitemap } from "@/test/sitemaps";
import { permalinkUrlset, sitemapIndex, urlset, w3cDate } from "./sitemap-xml";

const BASE = 'https://例子.example/a&b?x=<1>"';

describe("sitemap documents", () => {
  it("escape every location and keep to the protocol's grammar", () => {
    const xml = urlset([{ loc: `${BASE}/` }, { loc: `${BASE}/about`, lastmod: new Date("2026-01-02T03:04:05.678Z") }]);
    expect(xml).toContain("<loc>https://例子.example/a&amp;b?x=&lt;1&gt;&quot;/</loc>");
    expect(readSitemap(xml, "urlset")).toEqual([
      { loc: `${BASE}/`, lastmod: null },
      { loc: `${BASE}/about`, lastmod: "2026-01-02T03:04:05Z" },
    ]);
    const index = sitemapIndex([{ loc: `${BASE}/sitemaps/0.xml`, lastmod: new Date(0) }]);
    expect(readSitemap(index, "index")).toEqual([{ loc: `${BASE}/sitemaps/0.xml`, lastmod: "1970-01-01T00:00:00Z" }]);
    expect(() => readSitemap(xml, "index")).toThrow();
    expect(() => readSitemap(xml.replace("&amp;", "&"), "urlset")).toThrow();
  });

  it("list permalinks with each one's own change time, to the second", () => {
    const us = Date.parse("2026-11-27T01:38:04.363Z") * 1000 + 451;
    const xml = permalinkUrlset(BASE, "/articles/", [7, 2_147_483_647], [us, us + 2_000_000]).toString("utf8");
    expect(readSitemap(xml, "urlset")).toEqual([
      { loc: `${BASE}/articles/7`, lastmod: "2026-11-27T01:38:04Z" },
      { loc: `${BASE}/articles/2147483647`, lastmod: "2026-11-27T01:38:06Z" },
    ]);
    expect(readSitemap(permalinkUrlset(BASE, "/articles/", [], []).toString("utf8"), "urlset")).toEqual([]);
    // Every second of a day and across days, as the Date would say it.
    const times = Array.from({ length: 3000 }, (_, i) => Date.UTC(2026, 11, 31, 23, 0, 0) * 1000 + i * 2_999_999_937);
    const listed = readSitemap(permalinkUrlset(BASE, "/articles/", times.map((_, i) => i * 7919), times).toString("utf8"), "urlset").map((e) => e.lastmod);
    expect(listed).toEqual(times.map((us) => w3cDate(new Date(Math.floor(us / 1000)))));
    expect(w3cDate(new Date("2026-01-02T03:04:05.999Z"))).toBe("2026-01-02T03:04:05Z");
  });
});
