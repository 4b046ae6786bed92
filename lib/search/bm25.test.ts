import { describe, expect, it } from "vitest";
import { idf, rankByBm25, TITLE_WEIGHT, type Fields, type ScoredTerm } from "./bm25";

const N = 1_000_000;
const term = (text: string, df: number, concept = text, weight = 1): ScoredTerm => ({ text, concept, weight, idf: idf(df, N) });
const doc = (id: number, title: string, body: string, hot = 0): Fields => ({ id, title: title.split(" ").filter(Boolean), body: body.split(" ").filter(Boolean), hot });
const ids = (docs: Fields[], terms: ScoredTerm[]) => rankByBm25(docs, terms).map((d) => d.id);

describe("BM25F over title and body", () => {
  it("weighs a term by how rare it is in the collection", () => {
    expect(idf(10, N)).toBeGreaterThan(idf(100_000, N));
    expect(idf(N, N)).toBeGreaterThan(0);
    // The article holding the rare word wins over the one holding the common word more often.
    const terms = [term("心率", 120_000), term("220", 12)];
    expect(ids([doc(1, "", "心率 心率 心率 心率"), doc(2, "", "心率 220")], terms)).toEqual([2, 1]);
  });

  it("counts the title more than the body", () => {
    expect(TITLE_WEIGHT).toBeGreaterThan(1);
    const terms = [term("绿萝", 50)];
    expect(ids([doc(1, "", "绿萝 叶子 发黄 浇水"), doc(2, "绿萝 发黄", "叶子 浇水 阳光 花盆")], terms)).toEqual([2, 1]);
  });

  it("counts a concept once, by its best term, however many of its pieces or near forms an article holds", () => {
    const terms = [term("睡不着", 40), term("不着", 5_000, "睡不着"), term("失眠", 60, "睡不着", 0.7), term("褪黑素", 30)];
    // Article 1 holds every form of one concept; article 2 holds one form of each of two concepts.
    expect(ids([doc(1, "", "睡不着 不着 失眠 失眠"), doc(2, "", "失眠 褪黑素")], terms)).toEqual([2, 1]);
  });

  it("leaves out articles holding no term, and breaks ties by hot score", () => {
    const terms = [term("洱海", 3)];
    expect(ids([doc(1, "", "大理 古城"), doc(2, "", "洱海", 1), doc(3, "", "洱海", 5)], terms)).toEqual([3, 2]);
  });
});
