import { describe, expect, it } from "vitest";
import { searchTextFor } from "@/lib/search/text";
import type { TermStats } from "@/lib/search/statistics";
import { COMMON_LABEL_WEIGHT, interestLabels, interestTerms, TERMS_PER_ARTICLE } from "./terms";

const termsOf = (title: string, stats: TermStats | null = null) => interestTerms(stats, title, searchTextFor(title));
const statsOf = (articles: number, freq: [string, number][]): TermStats => ({ articles, columns: { title_vector: { freq: new Map(freq), lexemes: [], floor: 0.001 } } });

describe("interest labels", () => {
  it("are the title's topic words: nouns, names and terms, not the pieces inside them, numbers or single characters", () => {
    const terms = termsOf("向量数据库实战：2024 年的 100 个 TypeScript 坑");
    expect(terms).toEqual(expect.arrayContaining(["数据库", "typescript"]));
    for (const t of ["据库", "2024", "100", "坑", "年"]) expect(terms).not.toContain(t);
  });

  it("never a verb, an adjective, a doubled verb, a pronoun compound, an idiom tagged as a name or a word of form", () => {
    expect(termsOf("按90分钟睡眠周期定闹钟，真的能醒得更轻松吗？")).toEqual(["睡眠", "闹钟"]);
    expect(termsOf("步频180是金科玉律吗？跑了8年，聊聊那些被传歪的“跑步常识”")).toEqual(["步频", "跑步"]);
    expect(termsOf("那半年，我一直以为自己只是变懒了")).toEqual([]);
    expect(termsOf("盯屏幕一整天眼睛又干又酸？先试试")).toEqual(["屏幕", "眼睛"]);
  });

  it("take the noun out of a verb and a noun jieba read as a name (喝咖啡), and keep real names", () => {
    expect(termsOf("一边9.9喝咖啡，一边1280看演唱会")).toEqual(["咖啡", "演唱会"]);
    expect(termsOf("乔布斯的设计")).toEqual(["乔布斯", "设计"]);
  });

  it("leave out words in more than 5% of titles, as the title column's statistics say", () => {
    expect(termsOf("数据库实战", statsOf(1000, [["实战", 0.12], ["数据库", 0.02]]))).toEqual(["数据库"]);
  });

  it(`weigh a rarer word more, and keep the rarest ${TERMS_PER_ARTICLE} of a long title`, () => {
    const title = "睡眠 跑步 配速 心率 膳食 纤维 力量 训练";
    expect(termsOf(title)).toHaveLength(TERMS_PER_ARTICLE);
    expect(termsOf(title)[0]).toBe("睡眠"); // no statistics: title order
    const labels = interestLabels(statsOf(1_000_000, [["睡眠", 0.04], ["跑步", 0.01]]), title, searchTextFor(title));
    expect(labels).toHaveLength(TERMS_PER_ARTICLE);
    expect(labels.map((l) => l.label)).not.toContain("睡眠"); // the most common goes first
    const sleep = interestLabels(statsOf(1_000_000, [["睡眠", 0.04]]), "睡眠", "睡眠")[0];
    expect(sleep.weight).toBeGreaterThanOrEqual(COMMON_LABEL_WEIGHT);
    expect(sleep.weight).toBeLessThan(0.5);
    expect(labels[0].weight).toBe(1);
  });
});
