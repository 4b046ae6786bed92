import { describe, expect, it } from "vitest";
import { searchTextFor } from "@/lib/search/text";
import type { TermStats } from "@/lib/search/statistics";
import { interestTerms, TERMS_PER_ARTICLE } from "./terms";

const termsOf = (title: string, stats: TermStats | null = null) => interestTerms(stats, title, searchTextFor(title));

describe("interestTerms", () => {
  it("takes the title's own words, not the pieces inside them, numbers or single characters", () => {
    const terms = termsOf("向量数据库实战：2024 年的 100 个 TypeScript 坑");
    expect(terms).toEqual(expect.arrayContaining(["向量", "数据库", "typescript"]));
    for (const t of ["据库", "2024", "100", "坑", "年"]) expect(terms).not.toContain(t);
  });

  it("leaves out words in more than 5% of titles, as the title column's statistics say", () => {
    const stats: TermStats = { articles: 1000, columns: { title_vector: { freq: new Map([["实战", 0.12], ["数据库", 0.02]]), lexemes: [], floor: 0.001 } } };
    expect(termsOf("数据库实战", stats)).toEqual(["数据库"]);
  });

  it(`keeps at most ${TERMS_PER_ARTICLE}, in title order`, () => {
    const terms = termsOf("睡眠 跑步 配速 心率 区间 膳食 纤维 力量 训练");
    expect(terms).toHaveLength(TERMS_PER_ARTICLE);
    expect(terms[0]).toBe("睡眠");
  });
});
