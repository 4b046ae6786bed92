// node --conditions=react-server --import tsx bench/questions.ts [--database-url URL | --data-dir DIR] [--json FILE]
//
// Scores the chat's retrieval on our own question set (test/questions/questions.ts): every question goes
// through retrieveSources, the chat's real retrieval, and counts as a hit when its best article (or its one
// named alternative) is among the first 3 sources (the chat's first three citations), and separately among
// the first 1. Prints each question with the top-3 titles it got, the totals for questions over the demo
// articles and over the articles written for the set, and the retrieval latency (p50 / p95).
//
// The database: a fresh temporary PGlite data directory by default (removed afterwards); --data-dir uses
// (and keeps) a PGlite directory; --database-url an existing PostgreSQL database such as the 1M bench corpus.
// Either way it is migrated and the demo articles and the set's 30 articles are inserted through the demo
// seed's own code (source URLs are unique: a re-run inserts nothing); after an insert, `analyze articles`
// so the search's statistics know the new rows. It measures the local engine: OPENAI_API_KEY and
// AI_EMBEDDING_MODEL are ignored, so no embeddings are fused.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { retrieveSources } from "@/lib/chat/retrieval";
import { resetConfig } from "@/lib/config";
import { openDatabase, type Db } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { QUESTION_ARTICLES_DIR, QUESTIONS, type Question, type QuestionSide } from "@/test/questions/questions";

/** The chat's first three citations. */
export const TOP = 3;

export type Judgement = {
  /** 1-based position of the best article (or its alternative) among all sources; null when absent. */
  rank: number | null;
  top1: boolean;
  top3: boolean;
};

export type QuestionResult = Judgement & {
  question: string;
  side: QuestionSide;
  expected: string;
  alternative: string | null;
  /** Titles of the sources in order (at most CONTEXT_ARTICLES). */
  got: string[];
  ms: number;
};

export type Tally = { questions: number; top3: number; top1: number };

export type QuestionScore = {
  results: QuestionResult[];
  totals: Record<QuestionSide | "all", Tally>;
  /** Retrieval time per question, milliseconds. */
  latency: { p50: number; p95: number };
};

/** Where a question's best article (or its named alternative) is among the titles retrieval returned. */
export function judge(question: Question, titles: string[]): Judgement {
  const wanted = new Set([question.expected, ...(question.alternative ? [question.alternative.title] : [])]);
  const index = titles.findIndex((t) => wanted.has(t));
  const rank = index < 0 ? null : index + 1;
  return { rank, top1: rank === 1, top3: rank !== null && rank <= TOP };
}

export function tally(results: Pick<QuestionResult, "side" | "top1" | "top3">[]): QuestionScore["totals"] {
  const count = (rs: typeof results): Tally => ({ questions: rs.length, top3: rs.filter((r) => r.top3).length, top1: rs.filter((r) => r.top1).length });
  return { demo: count(results.filter((r) => r.side === "demo")), new: count(results.filter((r) => r.side === "new")), all: count(results) };
}

const percentile = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Inserts the demo articles and the set's articles that are missing (the demo seed's code path, so the
 * search columns are filled); analyses the table when anything was added. Returns how many were added.
 */
export async function seedQuestionArticles(db: Db): Promise<{ demo: number; questions: number }> {
  const demo = await seedDemoArticles(db);
  const questions = await seedDemoArticles(db, { dir: QUESTION_ARTICLES_DIR });
  if (demo + questions > 0) await db.execute(sql`analyze articles`);
  return { demo, questions };
}

/** Asks every question through the chat's retrieval, one at a time after one warm-up, and scores it. */
export async function scoreQuestions({ db, questions = QUESTIONS }: { db: Db; questions?: Question[] }): Promise<QuestionScore> {
  if (questions.length) await retrieveSources({ db, question: questions[0].question }); // warm-up, not timed
  const results: QuestionResult[] = [];
  for (const q of questions) {
    const started = performance.now();
    const sources = await retrieveSources({ db, question: q.question });
    const ms = performance.now() - started;
    const got = sources.map((s) => s.title);
    results.push({ question: q.question, side: q.side, expected: q.expected, alternative: q.alternative?.title ?? null, got, ms: round(ms), ...judge(q, got) });
  }
  const times = results.map((r) => r.ms);
  return { results, totals: tally(results), latency: { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) } };
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : "—");

/** One block per question (✓ rank when among the first 3, ✗ rank when further down, ✗ when absent), then the totals. */
export function formatScore(score: QuestionScore): string {
  const lines: string[] = [];
  score.results.forEach((r, i) => {
    const mark = r.top3 ? `✓${r.rank}` : r.rank ? `✗${r.rank}` : "✗";
    lines.push(`${String(i + 1).padStart(3)} ${r.side.padEnd(4)} ${mark.padEnd(3)} ${r.question}  (${r.ms} ms)`);
    lines.push(`             expected: ${r.expected}${r.alternative ? `  or: ${r.alternative}` : ""}`);
    const top = r.got.slice(0, TOP);
    lines.push(`             got:      ${top.length ? top.map((t, j) => `${j + 1}. ${t}`).join("  ") : "(no sources)"}`);
  });
  lines.push("", "side   questions  top 3          top 1");
  for (const side of ["demo", "new", "all"] as const) {
    const t = score.totals[side];
    lines.push(`${side.padEnd(6)} ${String(t.questions).padStart(9)}  ${`${t.top3} (${pct(t.top3, t.questions)})`.padEnd(13)}  ${t.top1} (${pct(t.top1, t.questions)})`);
  }
  lines.push("(demo: the best article is one of content/demo/; new: one of the 30 written for the set)");
  lines.push("", `retrieval: p50 ${score.latency.p50} ms, p95 ${score.latency.p95} ms over ${score.results.length} questions, one at a time after a warm-up`);
  return lines.join("\n");
}

async function main() {
  const { values } = parseArgs({ options: { "database-url": { type: "string" }, "data-dir": { type: "string" }, json: { type: "string" } } });
  if (values["database-url"] && values["data-dir"]) throw new Error("--database-url 和 --data-dir 只能选一个");
  // The local engine: no embeddings are fused into retrieval.
  delete process.env.OPENAI_API_KEY;
  delete process.env.AI_EMBEDDING_MODEL;
  resetConfig();

  const scratch = values["database-url"] || values["data-dir"] ? null : mkdtempSync(join(tmpdir(), "shiyue-questions-"));
  const target = values["database-url"]
    ? { databaseUrl: values["database-url"] }
    : { databaseUrl: "", dataDir: values["data-dir"] ? resolve(values["data-dir"]) : join(scratch!, "pglite") };
  const where = values["database-url"] ? new URL(values["database-url"]).pathname.slice(1) : `PGlite ${target.dataDir}`;
  const handle = await openDatabase(target);
  try {
    await migrateDatabase(handle);
    const added = await seedQuestionArticles(handle.db);
    const articles = Number((await handle.db.execute<{ n: string }>(sql`select count(*) n from articles`)).rows[0].n);
    console.log(`questions: ${where}, ${articles} articles (added ${added.demo} demo and ${added.questions} of the set's), local engine, ${QUESTIONS.length} questions`);
    const score = await scoreQuestions({ db: handle.db });
    console.log(formatScore(score));
    if (values.json) {
      const report = { date: new Date().toISOString(), database: where, articles, engine: "local", top: TOP, ...score };
      writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`questions: wrote ${values.json}`);
    }
  } finally {
    await handle.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

// Run as a script; imported by tests for the functions above.
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main();
