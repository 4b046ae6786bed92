import { describe, expect, it } from "vitest";
import { parseSitemapFile, sitemapFilePath } from "./sitemaps";

describe("sitemap file names", () => {
  it.each([
    ["pages.xml", "pages"],
    ["0.xml", 0],
    ["12.xml", 12],
    ["42949.xml", 42949], // the last range of integer ids
    ["42950.xml", null],
    ["99999999999.xml", null],
    ["01.xml", null],
    ["-1.xml", null],
    ["1.5.xml", null],
    ["1e3.xml", null],
    ["1.XML", null],
    ["1.xml.gz", null],
    ["1", null],
    ["pages", null],
    ["", null],
    ["../1.xml", null],
  ])("%j is %j", (name, file) => {
    expect(parseSitemapFile(name)).toBe(file);
  });

  it("are what the index links to", () => {
    expect([sitemapFilePath("pages"), sitemapFilePath(3)]).toEqual(["/sitemaps/pages.xml", "/sitemaps/3.xml"]);
    expect(parseSitemapFile(sitemapFilePath(3).slice("/sitemaps/".length))).toBe(3);
  });
});
