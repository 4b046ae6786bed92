// The question set scored through the chat's real retrieval (retrieveSources, the local engine: no model is
// configured in tests) on the demo articles plus the 30 written for the set, as bench/questions.ts does.
//
// Baseline on 2026-11-27, before retrieval was tuned for questions (main at effebe3 and da5cdc9, before and
// after search moved to lib/search/), PGlite and PostgreSQL alike: best article among the first 3 sources 52
// of 71 (demo 27 of 35, new 25 of 36), first 41 of 71 (demo 22, new 19). With the question retrieval of
// lib/search/questions.ts: 71 of 71 in the first 3, 66 first (docs/search.md). The floors are issue 29's
// target, 93% in the first 3 on each side, and the first place as often as the target asks of the top 3
// minus a margin (80%): a change that loses questions fails here.
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

  it("finds the best article among the first 3 sources for at least 93% of the questions on each side", () => {
    for (const side of ["demo", "new", "all"] as const) {
      const t = score.totals[side];
      expect({ side, top3: t.top3 }).toEqual({ side, top3: expect.toSatisfy((n: number) => n >= Math.ceil(0.93 * t.questions)) });
    }
  });

  it("puts it first for at least 80% of them", () => {
    for (const side of ["demo", "new", "all"] as const) {
      const t = score.totals[side];
      expect({ side, top1: t.top1 }).toEqual({ side, top1: expect.toSatisfy((n: number) => n >= Math.ceil(0.8 * t.questions)) });
    }
  });

  it("seeds nothing twice", async () => {
    expect(await seedQuestionArticles(await getDb())).toEqual({ demo: 0, questions: 0 });
  });
});
