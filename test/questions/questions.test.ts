import { describe, expect, it } from "vitest";
import { judge, tally } from "@/bench/questions";
import { loadDemoArticles } from "@/lib/db/seed/demo";
import { QUESTION_ARTICLES_DIR, QUESTIONS, type Question } from "./questions";

const now = new Date("2026-11-27T04:00:00Z");
const demo = loadDemoArticles({ now });
const written = loadDemoArticles({ dir: QUESTION_ARTICLES_DIR, now });
const titles = [...demo, ...written].map((a) => a.title);
const sideOf = (title: string) => (demo.some((a) => a.title === title) ? "demo" : written.some((a) => a.title === title) ? "new" : null);

describe("the question set", () => {
  it("has at least 60 questions, at least 30 over the demo articles and 30 over the set's own", () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(QUESTIONS.filter((q) => q.side === "demo").length).toBeGreaterThanOrEqual(30);
    expect(QUESTIONS.filter((q) => q.side === "new").length).toBeGreaterThanOrEqual(30);
    expect(new Set(QUESTIONS.map((q) => q.question)).size).toBe(QUESTIONS.length);
  });

  it("names for each question a title that exists exactly once, on the side it says", () => {
    for (const q of QUESTIONS) {
      expect(titles.filter((t) => t === q.expected), q.question).toHaveLength(1);
      expect(sideOf(q.expected), q.question).toBe(q.side);
      expect(q.why.trim(), q.question).not.toBe("");
    }
  });

  it("uses an alternative sparingly, and only one that exists and differs from the best article", () => {
    const withAlternative = QUESTIONS.filter((q) => q.alternative);
    expect(withAlternative.length).toBeLessThanOrEqual(5);
    for (const q of withAlternative) {
      expect(titles.filter((t) => t === q.alternative!.title), q.question).toHaveLength(1);
      expect(q.alternative!.title, q.question).not.toBe(q.expected);
      expect(q.alternative!.why.trim(), q.question).not.toBe("");
    }
  });

  it("has 30 articles of its own in the demo format, none sharing a title or source with the demo's", () => {
    expect(written).toHaveLength(30);
    expect(new Set(titles).size).toBe(titles.length);
    const urls = [...demo, ...written].map((a) => a.sourceUrl);
    expect(new Set(urls).size).toBe(urls.length);
    for (const a of written) {
      const n = [...a.content!].length;
      expect(n, a.title).toBeGreaterThanOrEqual(500);
      expect(n, a.title).toBeLessThanOrEqual(1500);
      expect(a.viewCnt! >= a.likeCnt! && a.likeCnt! >= a.commentCnt!, a.title).toBe(true);
    }
  });

  it("asks about every article written for it", () => {
    const asked = new Set(QUESTIONS.map((q) => q.expected));
    expect(written.filter((a) => !asked.has(a.title)).map((a) => a.title)).toEqual([]);
  });
});

describe("judging a question's sources", () => {
  const q: Question = { question: "问", side: "demo", expected: "甲", why: "因为", alternative: { title: "乙", why: "同样" } };
  const plain: Question = { question: "问", side: "new", expected: "甲", why: "因为" };

  it.each([
    [["甲", "丙", "丁"], { rank: 1, top1: true, top3: true }],
    [["丙", "丁", "甲"], { rank: 3, top1: false, top3: true }],
    [["丙", "丁", "戊", "甲"], { rank: 4, top1: false, top3: false }],
    [["丙", "乙", "甲"], { rank: 2, top1: false, top3: true }],
    [[], { rank: null, top1: false, top3: false }],
  ])("%j → %j (with an alternative)", (got, expected) => {
    expect(judge(q, got)).toEqual(expected);
  });

  it("does not count a title that is no one's alternative", () => {
    expect(judge(plain, ["乙", "丙", "丁"])).toEqual({ rank: null, top1: false, top3: false });
  });

  it("totals hits per side", () => {
    const totals = tally([
      { side: "demo", top1: true, top3: true },
      { side: "demo", top1: false, top3: true },
      { side: "new", top1: false, top3: false },
    ]);
    expect(totals).toEqual({
      demo: { questions: 2, top3: 2, top1: 1 },
      new: { questions: 1, top3: 0, top1: 0 },
      all: { questions: 3, top3: 2, top1: 1 },
    });
  });
});
