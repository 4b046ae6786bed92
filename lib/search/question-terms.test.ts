import { describe, expect, it } from "vitest";
import { questionTerms, SYNONYM_WEIGHT } from "./question-terms";

const own = (q: string) => questionTerms(q).filter((t) => t.weight === 1).map((t) => t.text);
const near = (q: string) => questionTerms(q).filter((t) => t.weight < 1).map((t) => t.text);

describe("a question's topic terms", () => {
  it("leaves out how the question is asked: question words, fillers, particles, pronouns", () => {
    expect(own("跑步的时候心率多少比较合适？220减年龄准不准")).toEqual(["跑步", "心率", "220", "年龄"]);
    expect(own("什么是什么")).toEqual([]);
    expect(own("请问这个到底是怎么回事呢？")).toEqual([]);
    for (const filler of ["怎么办", "为什么", "是不是", "一直", "时候", "可以", "吗", "的", "了"]) {
      expect(own(`晚上睡不着${filler}`)).not.toContain(filler);
    }
  });

  it("keeps single characters that are nouns, and joins two of them into the word a reader meant", () => {
    const terms = own("给猫换了新猫粮一直拉稀怎么办");
    expect(terms).toEqual(expect.arrayContaining(["猫", "猫粮", "拉稀"]));
    expect(terms).not.toContain("了");
    expect(terms).not.toContain("一直");
    // A fragment the dictionary does not know gives the noun inside it (糖算 → 糖).
    expect(own("一天吃多少糖算多")).toContain("糖");
  });

  it("adds the dictionary words inside a long word, as the index's search mode does", () => {
    expect(own("防晒霜是不是SPF越高越好")).toEqual(expect.arrayContaining(["防晒霜", "防晒", "spf"]));
    expect(own("晚上躺床上睡不着")).toEqual(expect.arrayContaining(["睡不着", "不着"]));
  });

  it("adds near forms at a lower weight, standing for the reader's word", () => {
    const terms = questionTerms("西红柿炖牛肉怎么做好吃");
    expect(terms.find((t) => t.text === "番茄")).toEqual({ text: "番茄", concept: "西红柿", weight: SYNONYM_WEIGHT });
    expect(near("k8s 的探针")).toContain("kubernetes");
    expect(near("晚上睡不着")).toContain("失眠");
  });

  it("keeps Latin words and strips what would break a tsquery", () => {
    expect(own("TypeScript 里 satisfies 和 as 有什么区别")).toEqual(expect.arrayContaining(["typescript", "satisfies", "as"]));
    for (const t of questionTerms("rust's 'borrow' & (lifetimes) | x:y!")) expect(t.text).not.toMatch(/['\\:&|!()<>*]/);
  });
});
