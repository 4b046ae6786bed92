import { describe, expect, it } from "vitest";
import { keywordToPhraseTsquery, keywordToTsquery } from "./keyword";

describe("keywordToTsquery", () => {
  it("ANDs the segmented words and makes a trailing Latin word a prefix", () => {
    expect(keywordToTsquery("postgre")).toBe("'postgre':*");
    expect(keywordToTsquery("洱海")).toBe("'洱海'");
    expect(keywordToTsquery("LCP 优化")).toBe("'lcp' & '优化'");
  });

  it("strips tsquery syntax and gives null when no word is left", () => {
    expect(keywordToTsquery("a:* & !b | (c")).toBe("'a' & 'b' & 'c':*");
    expect(keywordToTsquery("？！…")).toBeNull();
    expect(keywordToTsquery("'")).toBeNull();
  });
});

describe("keywordToPhraseTsquery", () => {
  it("joins the keyword's bigrams as consecutive positions", () => {
    expect(keywordToPhraseTsquery("Rust 所有权")).toBe("'rust' <-> '所有' <-> '有权'");
    expect(keywordToPhraseTsquery("洱海")).toBe("'洱海'");
  });

  it("has no phrase for a single CJK character or no letters", () => {
    expect(keywordToPhraseTsquery("茶")).toBeNull();
    expect(keywordToPhraseTsquery("%%")).toBeNull();
  });
});
