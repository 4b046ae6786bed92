import { describe, expect, it } from "vitest";
import { loadDemoArticles } from "./demo";

const now = new Date("2026-11-22T04:00:00Z");
const rows = loadDemoArticles({ now });

describe("demo articles", () => {
  it("has at least 60 articles with unique source URLs", () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.sourceUrl)).size).toBe(rows.length);
  });

  it("fills every field the feed shows", () => {
    for (const r of rows) {
      expect(r.title, r.sourceUrl).toBeTruthy();
      expect(r.authorName, r.sourceUrl).toBeTruthy();
      expect(r.platformName, r.sourceUrl).toBeTruthy();
      expect(r.sourcePlatform, r.sourceUrl).toBeTruthy();
      expect(r.summary, r.sourceUrl).toBeTruthy();
      expect(r.searchTitle, r.sourceUrl).toBeTruthy();
      expect(r.searchBody, r.sourceUrl).toBeTruthy();
      expect(r.viewCnt! >= r.likeCnt!, r.sourceUrl).toBe(true);
    }
  });

  it("keeps bodies between 300 and 2,000 characters", () => {
    for (const r of rows) {
      const n = [...r.content!].length;
      expect(n, r.sourceUrl).toBeGreaterThanOrEqual(300);
      expect(n, r.sourceUrl).toBeLessThanOrEqual(2000);
    }
  });

  it("spreads over the last 90 days and never into the future", () => {
    const ages = rows.map((r) => (now.getTime() - r.publishedAt!.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeLessThan(91);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(60);
  });

  it("covers many platforms and all kinds of markdown", () => {
    expect(new Set(rows.map((r) => r.platformName)).size).toBeGreaterThanOrEqual(10);
    const bodies = rows.map((r) => r.content!);
    const count = (re: RegExp) => bodies.filter((b) => re.test(b)).length;
    expect(count(/^```\w+/m)).toBeGreaterThanOrEqual(5);
    expect(count(/^\|.*\|\s*$/m)).toBeGreaterThanOrEqual(5);
    expect(count(/^> /m)).toBeGreaterThanOrEqual(5);
    expect(count(/^(\s*[-*] |\s*\d+\. )/m)).toBeGreaterThanOrEqual(10);
    expect(count(/\[[^\]]+\]\(https?:\/\/[^)]+\)/)).toBeGreaterThanOrEqual(5);
  });

  it("is deterministic for a given seed time", () => {
    expect(loadDemoArticles({ now })).toEqual(rows);
  });
});
