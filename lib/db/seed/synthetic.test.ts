import { createHash } from "node:crypto";
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

  it("generates the same articles as the first version (the bench keywords depend on them)", () => {
    // 500 articles spread over the first million: their digest, taken from the version before the
    // generator was rewritten for speed.
    const digest = createHash("sha256");
    for (let i = 0; i < 500; i++) digest.update(JSON.stringify(syntheticArticle(i * 1999, 1, now)));
    expect(digest.digest("hex")).toBe("946e633d2071a108e21e32077035ed33c128c29b3041273d4e66e23f8548c8c5");
  });

  it("puts the title's topic words in the title search text", () => {
    const r = syntheticArticle(3, 1, now);
    for (const w of r.searchTitle!.split(" ")) expect(r.title.toLowerCase()).toContain(w);
  });
});
