// npm run bench:search -- [database URL]: the search's plans on a benchmark corpus, keyword by keyword.
// For each keyword: the plan chosen (full ranking, tiers, or the verbatim fallback), the total and whether it is estimated against
// the true count, the time of page 1 and page 2 (the search function itself, warm, median and p95 of 15
// runs each), and EXPLAIN ANALYZE of every statement of one page-1 run: its time, the indexes it used, the
// rows a walk read and discarded, the buffers it touched. Default database: the 1,000,000-article corpus
// (shiyue_bench_1m). Writes bench/results/search-plans.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { keywordToPhraseTsquery, keywordToTsquery } from "@/lib/search/keyword";
import { rankMatches } from "@/lib/search/rank";
import { openDatabase } from "@/lib/db/client";
import { NOWHERE_KEYWORDS, ONE_WORD_KEYWORDS, TWO_WORD_KEYWORDS, WORST_KEYWORD } from "./scenarios";

const url = process.argv[2] ?? "postgres://postgres@127.0.0.1:5432/shiyue_bench_1m";
const RUNS = 15;
// The last ones match nothing by their words, so the verbatim fallback (lib/search/verbatim.ts) runs:
// text of the demo articles cut differently in the corpus, and keywords no article holds whose pieces are
// common words (the fallback's worst case: its 2,000 candidates are all read).
// Then words that occur nowhere (NOWHERE_KEYWORDS, Latin and CJK, 2–15 characters): each must answer total 0, not an estimate.
const VERBATIM_KEYWORDS = ["以形补形", "“量子比特！！叠加态？？”", "不存在的词语组合", "用户数据的秘密配方", "大模型 部署 到底难不难 量子烤肠"];

const KEYWORDS = [WORST_KEYWORD, "数据", "用户", ...ONE_WORD_KEYWORDS.slice(0, 6), ...TWO_WORD_KEYWORDS.slice(0, 8), "洱海", "慢查询", "Rust所有权", "指数基金", "留存曲线", ...VERBATIM_KEYWORDS, ...NOWHERE_KEYWORDS];

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Rows Removed by Filter"?: number;
  "Actual Rows"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
};
type Statement = { ms: number; indexes: string[]; removed: number; rows: number; hit: number; read: number };

function summarize(node: PlanNode, out: { indexes: Set<string>; removed: number }) {
  if (node["Index Name"]) out.indexes.add(node["Index Name"]);
  out.removed += node["Rows Removed by Filter"] ?? 0;
  node.Plans?.forEach((p) => summarize(p, out));
}

/** Runs `fn` while every SELECT it sends is first explained (analyze, buffers) on the same connection. */
async function explained(fn: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = async function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === "string" ? config : config.text;
    if (/^\s*select/i.test(text) && !/pg_stats|site_counters|pg_class/.test(text)) {
      const params = Array.isArray(values) ? values : typeof config === "string" ? undefined : config.values;
      const res = (await (original as (...a: unknown[]) => Promise<unknown>).call(this, `explain (analyze, buffers, format json) ${text}`, params)) as pg.QueryResult<{
        "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }];
      }>;
      const plan = res.rows[0]["QUERY PLAN"][0];
      const found = { indexes: new Set<string>(), removed: 0 };
      summarize(plan.Plan, found);
      statements.push({
        ms: Math.round(plan["Execution Time"] * 100) / 100,
        indexes: [...found.indexes],
        removed: found.removed,
        rows: plan.Plan["Actual Rows"] ?? 0,
        hit: plan.Plan["Shared Hit Blocks"] ?? 0,
        read: plan.Plan["Shared Read Blocks"] ?? 0,
      });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return statements;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
const { db } = handle;
const [{ n: articles }] = (await db.execute<{ n: string }>(sql`select value as n from site_counters where name = 'articles'`)).rows;
console.log(`bench:search: ${url}, ${Number(articles).toLocaleString("en")} articles`);
const lines = [
  `Search plans on ${Number(articles).toLocaleString("en")} articles (${new URL(url).pathname.slice(1)}), ${new Date().toISOString().slice(0, 10)}; the search function itself (no HTTP), warm, ${RUNS} runs per page.`,
  "",
  "| keyword | plan | total | true count | error | page 1 p50 / p95 | page 2 p50 / p95 | statements of page 1 (EXPLAIN ANALYZE: time, index, rows read and discarded by a walk's filter) |",
  "|---|---|--:|--:|--:|--:|--:|---|",
];
for (const keyword of KEYWORDS) {
  const w = keywordToTsquery(keyword)!;
  const p = keywordToPhraseTsquery(keyword);
  const phrase = p ? sql`or title_grams @@ to_tsquery('simple', ${p})` : sql``;
  const truth = Number((await db.execute<{ n: string }>(sql`select count(*) n from articles where search_vector @@ to_tsquery('simple', ${w}) ${phrase}`)).rows[0].n);
  const times = { 1: [] as number[], 2: [] as number[] };
  let first: Awaited<ReturnType<typeof rankMatches>> | undefined;
  for (let i = 0; i < RUNS + 2; i++) {
    for (const page of [1, 2] as const) {
      const t = performance.now();
      const r = await rankMatches({ db, keyword, offset: (page - 1) * 20, limit: 20 });
      if (i >= 2) times[page].push(performance.now() - t);
      if (page === 1) first = r;
    }
  }
  const statements = await explained(() => rankMatches({ db, keyword, offset: 0, limit: 20 }));
  const error = truth ? ((first!.total - truth) / truth) * 100 : 0;
  const described = statements
    .map((s) => `${ms(s.ms)} ${s.indexes.join("+") || "—"}${s.removed ? `, ${s.removed} discarded` : ""}, ${s.hit + s.read} buffers`)
    .join("; ");
  const row = `| ${keyword} | ${first!.plan} | ${first!.total.toLocaleString("en")}${first!.totalIsEstimate ? " (est.)" : ""} | ${truth.toLocaleString("en")} | ${error.toFixed(1)}% | ${ms(pct(times[1], 50))} / ${ms(pct(times[1], 95))} | ${ms(pct(times[2], 50))} / ${ms(pct(times[2], 95))} | ${described} |`;
  console.log(row);
  lines.push(row);
}
await handle.close();
const out = join(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "search-plans.md"), `${lines.join("\n")}\n`);
console.log("written to bench/results/search-plans.md");
