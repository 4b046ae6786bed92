// The plan of related articles (lib/search/related.ts) on a million articles' statistics: the title index is
// read only for words whose title counts add up to at most POSTINGS_MAX entries, generic words neither find
// nor rank, and without statistics (a small table) every topic word is looked up at once.
import { describe, expect, it } from "vitest";
import { GENERIC_SHARE, POSTINGS_MAX, planRelated } from "./related";
import type { TermStats } from "./statistics";
import { searchTextFor } from "./text";

/** A 1,000,000-article collection's title statistics: a few common topic words, template words, a floor of 0.12%. */
const million: TermStats = {
  articles: 1_000_000,
  columns: {
    title_vector: {
      freq: new Map([
        ["播客", 0.0165],
        ["节目", 0.0199],
        ["茶文化", 0.0192],
        ["文化", 0.0192],
        ["入门", 0.1245],
        ["指南", 0.1245],
        ["清单", 0.1245],
        ["rust", 0.0199],
      ]),
      lexemes: [],
      floor: 0.0011666,
    },
  },
};

const entries = (query: string, stats: TermStats) =>
  [...query.matchAll(/'([^']+)'/g)].reduce((sum, [, w]) => sum + Math.round((stats.columns.title_vector!.freq.get(w) ?? stats.columns.title_vector!.floor) * stats.articles), 0);

const planOf = (stats: TermStats, title: string) => planRelated(stats, title, searchTextFor(title));

describe("planRelated", () => {
  it("reads no title index when every topic word is common (the window of ids before the article answers)", () => {
    const plan = planOf(million, "播客节目入门指南，附茶文化清单");
    expect(plan.index).toEqual([]);
    // 入门, 指南 and 清单 are in an eighth of all titles: they say how the title is written.
    expect(plan.terms.map((t) => t.text)).not.toContain("指南");
    expect(plan.terms.every((t) => (million.columns.title_vector!.freq.get(t.text) ?? 0) <= GENERIC_SHARE)).toBe(true);
    expect(plan.terms.map((t) => t.text)).toEqual(expect.arrayContaining(["播客", "茶文化"]));
  });

  it("reads the index for rare words, the two rarest together first, within POSTINGS_MAX entries each", () => {
    const plan = planOf(million, "Rust 借用检查器与生命周期标注");
    expect(plan.index.length).toBeGreaterThan(0);
    expect(plan.index.join(" ")).not.toContain("rust"); // 19,900 titles: looked for in the window, not the index
    for (const q of plan.index) expect(entries(q, million)).toBeLessThanOrEqual(POSTINGS_MAX);
    expect(plan.index[0]).toMatch(/^'[^']+' & '[^']+'$/);
  });

  it("looks every topic word up at once on a table without statistics", () => {
    const plan = planOf({ articles: 90, columns: {} }, "番茄炖牛腩的家常做法");
    expect(plan.index).toHaveLength(1);
    expect(plan.index[0]).toContain("'牛腩'");
    expect(plan.index[0]).toContain(" | ");
  });

  it("has nothing to look up for a title without topic words", () => {
    expect(planOf(million, "为什么？")).toEqual({ index: [], terms: [] });
  });
});
