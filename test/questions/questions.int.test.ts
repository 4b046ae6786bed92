// The question set scored through the chat's real retrieval (retrieveSources, the local engine: no model is
// configured in tests) on the demo articles plus the 30 written for the set, as bench/questions.ts does.
//
// Baseline on 2026-11-27, before retrieval was tuned for questions (main at effebe3 and da5cdc9, before and
// after search moved to lib/search/), PGlite and PostgreSQL alike: best article among the first 3 sources 52
// of 71 (demo 27 of 35, new 25 of 36), first 41 of 71 (demo 22, new 19). These floors only say that today's figures hold; the retrieval work of issue
// 29 raises them (target: ≥ 93% in the top 3 at demo size).
import { beforeAll, describe, expect, it } from "vitest";
import { scoreQuestions, seedQuestionArticles, type QuestionScore } from "@/bench/questions";
import { getDb } from "@/lib/db";
import { QUESTIONS } from "./questions";

let score: QuestionScore;

beforeAll(async () => {
  const db = await getDb();
  const added = await seedQuestionArticles(db);
  expect(added.questions).toBe(30);
  score = await scoreQuestions({ db });
}, 120_000);

describe("the question set through the chat's retrieval", () => {
  it("asks every question and gets sources for most of them", () => {
    expect(score.results).toHaveLength(QUESTIONS.length);
    expect(score.results.filter((r) => r.got.length > 0).length).toBeGreaterThanOrEqual(QUESTIONS.length - 5);
  });

  it("finds the best article among the first 3 sources at least as often as on 2026-11-27", () => {
    expect(score.totals.demo.top3).toBeGreaterThanOrEqual(27);
    expect(score.totals.new.top3).toBeGreaterThanOrEqual(25);
    expect(score.totals.all.top3).toBeGreaterThanOrEqual(52);
  });

  it("puts it first at least as often as on 2026-11-27", () => {
    expect(score.totals.demo.top1).toBeGreaterThanOrEqual(22);
    expect(score.totals.new.top1).toBeGreaterThanOrEqual(19);
    expect(score.totals.all.top1).toBeGreaterThanOrEqual(41);
  });

  it("seeds nothing twice", async () => {
    expect(await seedQuestionArticles(await getDb())).toEqual({ demo: 0, questions: 0 });
  });
});
