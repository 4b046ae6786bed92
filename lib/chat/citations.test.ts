import { describe, expect, it } from "vitest";
import { articleIdOf, CitationFilter } from "./citations";

const run = (allowed: number[], chunks: string[]) => {
  const f = new CitationFilter(new Set(allowed));
  return chunks.map((c) => f.push(c)).join("") + f.end();
};

describe("CitationFilter", () => {
  it("keeps links to articles in the context and unlinks the others", () => {
    expect(run([1], ["见[甲](/articles/1)和[乙](/articles/2)。"])).toBe("见[甲](/articles/1)和乙。");
    expect(run([], ["[站外](https://example.com/x) [乙](https://shiyue.example.com/articles/9)"])).toBe("[站外](https://example.com/x) 乙");
  });

  it("holds a link split across chunks until it is complete", () => {
    const f = new CitationFilter(new Set([5]));
    expect(f.push("答案见 [标")).toBe("答案见 ");
    expect(f.push("题](/artic")).toBe("");
    expect(f.push("les/7) 和 [好](/articles/5) 完")).toBe("标题 和 [好](/articles/5) 完");
    expect(f.end()).toBe("");
  });

  it("does not hold text after a bracket that cannot become a link", () => {
    const f = new CitationFilter(new Set());
    expect(f.push("参考[1]，然后")).toBe("参考[1]，然后");
    expect(f.push("数组 a[0] 之后")).toBe("数组 a[0] 之后");
  });

  it("flushes an unfinished bracket at the end", () => {
    expect(run([], ["最后是 [未完"])).toBe("最后是 [未完");
  });

  it("reads article ids from relative and absolute links", () => {
    expect(articleIdOf("/articles/12")).toBe(12);
    expect(articleIdOf("https://a.example/articles/12?x=1")).toBe(12);
    expect(articleIdOf("/about")).toBeNull();
  });
});
