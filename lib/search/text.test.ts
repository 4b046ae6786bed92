import { describe, expect, it } from "vitest";
import { gramTokens, markdownToPlainText, searchFieldsFor, searchTextFor, segmentWords } from "./text";

describe("search text", () => {
  it("segments Chinese into dictionary words", () => {
    expect(segmentWords("大模型为什么会胡说八道")).toEqual(expect.arrayContaining(["模型", "为什么"]));
  });

  it("normalizes full-width characters and case, and drops punctuation", () => {
    const words = segmentWords("ＡＩ助手，Ｒｕｓｔ！１２３");
    expect(words).toEqual(expect.arrayContaining(["ai", "rust", "123"]));
    expect(words.join("")).not.toMatch(/[，！]/);
  });

  it("handles mixed Chinese and English keywords", () => {
    expect(segmentWords("TypeScript 类型体操")).toEqual(expect.arrayContaining(["typescript", "类型"]));
  });

  it("returns nothing for blank or punctuation-only text", () => {
    expect(segmentWords("  ")).toEqual([]);
    expect(searchTextFor("？！…")).toBe("");
  });

  it("indexes link text but not URLs or markdown marks", () => {
    const text = markdownToPlainText("## 标题\n看[官方文档](https://www.postgresql.org/docs/)和 **重点**");
    expect(text).toContain("官方文档");
    expect(text).not.toContain("postgresql.org");
    expect(text).not.toContain("**");
  });

  it("builds title and body fields", () => {
    const f = searchFieldsFor({ title: "慢查询排查", content: "用 EXPLAIN 看执行计划", summary: "索引" });
    expect(f.searchTitle).toContain("查询");
    expect(f.searchBody.split(" ")).toEqual(expect.arrayContaining(["explain", "执行", "索引"]));
  });
});

describe("gramTokens", () => {
  it("splits CJK runs into overlapping bigrams and keeps Latin words whole", () => {
    expect(gramTokens("Rust 所有权")).toEqual(["rust", "所有", "有权"]);
    expect(gramTokens("Rust所有权")).toEqual(["rust", "所有", "有权"]);
    expect(gramTokens("Rust，所有权！")).toEqual(["rust", "所有", "有权"]);
  });

  it("normalizes full-width letters and keeps a lone CJK character as itself", () => {
    expect(gramTokens("ＬＣＰ优化")).toEqual(["lcp", "优化"]);
    expect(gramTokens("茶")).toEqual(["茶"]);
    expect(gramTokens("？！…")).toEqual([]);
  });
});
