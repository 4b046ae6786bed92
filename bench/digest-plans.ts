// EXPLAIN (ANALYZE, BUFFERS) of the digest's own statements (bench/comments-plans.ts's approach): the app's functions
// run in this process against the benchmark database while every statement they send is first explained on the same
// connection. A write (the lease, the digest's insert, the seen mark) is explained inside a savepoint (in a
// transaction) or a transaction of its own and rolled back, then runs once as the app sent it. Each call runs once to
// warm the cache, then once captured. The calls:
//
// - a reader's first digest as GET /api/v1/digest makes it (todaysDigest, the local engine): the nth-newest lookup
//   of windowStart, the interests, each interest's topByHot (PLAN_INTERESTS: a common term, a typical one, one in a
//   single title, one in none), the hot query, candidateRows, the insert, the view;
// - windowStart after an earlier digest: the window count (since a day before the newest article: enough after it),
//   and since the newest (nothing after it: the count, then the nth-newest); the reader's candidates from a day before
//   the newest article (the window: the whole corpus) and from a tenth of the way down (the window: a tenth of it);
// - the site's candidates of the corpus's day (the day query) and of the day after (nothing that day: the top-up);
// - the worker's queue (dueCount, the count of worker.ts's dueReaders) with the worker readers seeded;
// - /daily/{day}'s kept-page version (lib/server/daily-cache.ts), through a daily cache whose render answers null.
import pg from "pg";
import { eq } from "drizzle-orm";
import { chinaDay, chinaDayStartOf } from "@/lib/china-time";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { readerCandidates, siteCandidates, windowStart } from "@/lib/digest/candidates";
import { todaysDigest } from "@/lib/digest/service";
import { dueCount } from "@/lib/digest/worker";
import { createDailyCache } from "@/lib/server/daily-cache";
import type { ExplainedCall, ExplainedStatement } from "./comments-plans";
import { PLAN_INTERESTS } from "./digest-seed";

const DAY_MS = 86_400_000;

function parse(text: string, plan: string): ExplainedStatement {
  const all = (re: RegExp) => [...new Set([...plan.matchAll(re)].map((m) => m[1]))];
  return {
    sql: text.replace(/\s+/g, " ").trim(),
    plan,
    ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    indexes: all(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)?(?: using| on) (\S+)/g),
    seqScans: all(/Seq Scan on (\S+)/g),
    triggers: [...plan.matchAll(/Trigger (\S+): time=([\d.]+) calls=(\d+)/g)].map((m) => `${m[1]} ${m[2]} ms`),
  };
}

export type PlanFacts = {
  /** Two readers with PLAN_INTERESTS: [0] warms, [1] is captured. */
  readers: number[];
  /** The digest day's clock (within the window of the corpus's articles) and the corpus's newest created_at. */
  now: Date;
  newest: Date;
  /** The China-time day whose site digest /daily/{day} shows (made before). */
  siteDay: string;
  /** Just before the article a tenth of the way down the newest, and the articles after it. */
  tenth: { start: Date; window: number };
};

export async function explainDigest(db: Db, facts: PlanFacts): Promise<ExplainedCall[]> {
  const original = pg.Client.prototype.query;
  const inTransaction = new WeakSet<pg.Client>();
  let current: ExplainedCall | null = null;
  const run = (client: pg.Client, text: string, values?: unknown[]) =>
    (original as (...a: unknown[]) => Promise<pg.QueryResult<Record<string, string>>>).call(client, text, values);
  pg.Client.prototype.query = async function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === "string" ? config : config.text;
    if (/^\s*begin\b/i.test(text)) inTransaction.add(this);
    else if (/^\s*(commit|rollback)\b/i.test(text)) inTransaction.delete(this);
    if (current && /^\s*(select|insert|update|delete)\b/i.test(text)) {
      const params = Array.isArray(values) ? values : typeof config === "string" ? undefined : config.values;
      const write = !/^\s*select/i.test(text);
      const nested = inTransaction.has(this);
      if (write) await run(this, nested ? "savepoint bench_explain" : "begin");
      try {
        const res = await run(this, `explain (analyze, buffers) ${text}`, params);
        current.statements.push(parse(text, res.rows.map((r) => r["QUERY PLAN"]).join("\n")));
      } finally {
        if (write) await run(this, nested ? "rollback to savepoint bench_explain" : "rollback");
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;

  const results: ExplainedCall[] = [];
  const capture = async (call: string, fn: (warm: boolean) => Promise<unknown>) => {
    await fn(true);
    current = { call, statements: [] };
    try {
      await fn(false);
    } finally {
      results.push(current);
      current = null;
    }
  };
  try {
    const { now, newest } = facts;
    const readers = await db.select().from(users).where(eq(users.id, facts.readers[0]));
    const [captured] = await db.select().from(users).where(eq(users.id, facts.readers[1]));
    await capture(`a reader's first digest, GET /api/v1/digest's work (todaysDigest, local engine; interests ${PLAN_INTERESTS.join(", ")})`, (warm) =>
      todaysDigest(db, warm ? readers[0] : captured, now),
    );
    const dayBefore = new Date(newest.getTime() - DAY_MS);
    await capture("windowStart after a digest made a day before the newest article (the window count)", () => windowStart(db, dayBefore, now));
    await capture("readerCandidates of the same reader from that start (the window: the whole corpus)", (warm) => readerCandidates(db, facts.readers[warm ? 0 : 1], dayBefore));
    // A window of a tenth of the corpus (a reader back after a day on which a tenth of the collection came in): each
    // interest's capped walk down the hot order meets too few of the window's articles, so the bitmap answers.
    await capture(`readerCandidates from a tenth of the way down the newest articles (the window: ${facts.tenth.window.toLocaleString("en")} articles)`, (warm) =>
      readerCandidates(db, facts.readers[warm ? 0 : 1], facts.tenth.start),
    );
    // A millisecond after: created_at keeps microseconds, a Date milliseconds.
    const afterNewest = new Date(newest.getTime() + 1);
    await capture("windowStart after a digest made after the newest article (the count finds none: the nth-newest)", () => windowStart(db, afterNewest, now));
    const corpusDay = chinaDayStartOf(chinaDay(newest));
    await capture(`the site's candidates of ${chinaDay(newest)}, the corpus's day (the day query)`, () => siteCandidates(db, corpusDay, new Date(corpusDay.getTime() + DAY_MS)));
    const after = new Date(corpusDay.getTime() + DAY_MS);
    await capture(`the site's candidates of ${chinaDay(after)}, a day without articles (the top-up)`, () => siteCandidates(db, after, new Date(after.getTime() + DAY_MS)));
    await capture("the worker's queue: dueCount (worker.ts dueReaders, counted)", () => dueCount(db, now));
    const daily = createDailyCache({ getDb: async () => db, render: async () => null });
    await capture(`/daily/${facts.siteDay}: the kept page's version (lib/server/daily-cache.ts)`, () => daily.lookup(facts.siteDay));
  } finally {
    pg.Client.prototype.query = original;
  }
  return results;
}

/** Statements slower than `ms` (execution), with their call. */
export function slowStatements(calls: ExplainedCall[], ms: number): { call: string; statement: ExplainedStatement }[] {
  return calls.flatMap((c) => c.statements.filter((s) => s.ms > ms).map((statement) => ({ call: c.call, statement })));
}
