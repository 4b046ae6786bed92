import { describe, expect, it } from "vitest";
import { allTermsBound, allTermsRange, type TermStats } from "./statistics";

// The statistics of the 1,000,000-article bench corpus, in shape: a few listed lexemes, and every unlisted
// one below the smallest listed fraction (6.72%).
const stats: TermStats = {
  articles: 1_000_000,
  columns: {
    search_vector: {
      freq: new Map([
        ["数据", 0.91],
        ["用户", 0.9],
        ["postgresql", 0.0672],
      ]),
      lexemes: ["postgresql", "数据", "用户"],
      floor: 0.0672,
    },
  },
};

describe("term statistics", () => {
  it("estimates listed words between independence and the rarest word", () => {
    const both = allTermsRange(stats, "search_vector", [{ text: "数据" }, { text: "用户" }])!;
    expect(both.low).toBeCloseTo(819_000, 3);
    expect(both.high).toBeCloseTo(900_000, 3);
    expect(allTermsRange(stats, "search_vector", [{ text: "postgre", prefix: true }])).toEqual({ low: 67_200, high: 67_200 });
  });

  it("gives no figure for a word or a prefix the statistics do not list: it may be in no article at all", () => {
    // Before: a trailing Latin word (a prefix) starting no listed lexeme counted as listed at the floor, and
    // `zxqvbnm` answered total 67,200 (estimated) with an empty page.
    expect(allTermsRange(stats, "search_vector", [{ text: "zxqvbnm", prefix: true }])).toBeNull();
    expect(allTermsRange(stats, "search_vector", [{ text: "数据" }, { text: "qwpoeiruty", prefix: true }])).toBeNull();
    expect(allTermsRange(stats, "search_vector", [{ text: "不存在" }])).toBeNull();
    // Its bound stays an upper bound (the plan's first choice), not an estimate.
    expect(allTermsBound(stats, "search_vector", [{ text: "zxqvbnm", prefix: true }])).toBe(67_200);
  });
});
