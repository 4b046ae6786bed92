import { describe, expect, it } from "vitest";
import { syntheticArticle } from "./synthetic";

describe("synthetic articles", () => {
  const now = Date.parse("2026-11-22T00:00:00Z");

  it("is deterministic per index and seed", () => {
    expect(syntheticArticle(42, 7, now)).toEqual(syntheticArticle(42, 7, now));
    expect(syntheticArticle(42, 7, now).content).not.toEqual(syntheticArticle(43, 7, now).content);
  });

  it("has realistic lengths, unique URLs and search text", () => {
    const rows = Array.from({ length: 300 }, (_, i) => syntheticArticle(i, 1, now));
    expect(new Set(rows.map((r) => r.sourceUrl)).size).toBe(300);
    for (const r of rows) {
      const n = [...r.content!].length;
      expect(n).toBeGreaterThanOrEqual(300);
      expect(n).toBeLessThanOrEqual(1700);
      expect(r.searchBody!.length).toBeGreaterThan(100);
      expect(r.likeCnt!).toBeLessThanOrEqual(r.viewCnt!);
    }
  });

  it("puts the title's topic words in the title search text", () => {
    const r = syntheticArticle(3, 1, now);
    for (const w of r.searchTitle!.split(" ")) expect(r.title.toLowerCase()).toContain(w);
  });
});
