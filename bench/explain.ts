// EXPLAIN ANALYZE of the app's own queries: the feed and search functions run against the benchmark
// database while every SELECT they send is first explained on the same connection (so transaction
// settings apply). Reports which indexes each plan uses, and whether any scans a table sequentially.
import pg from "pg";
import { openDatabase } from "@/lib/db/client";
import { listArticles } from "@/lib/articles/queries";
import { searchArticles } from "@/lib/search/rank";

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
export type Explained = { call: string; queries: { indexes: string[]; seqScans: string[]; ms: number }[] };

function walk(node: PlanNode, out: { indexes: Set<string>; seqScans: Set<string> }) {
  if (node["Index Name"]) out.indexes.add(node["Index Name"]);
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) out.seqScans.add(node["Relation Name"]);
  node.Plans?.forEach((p) => walk(p, out));
}

export async function explainQueries(url: string, userId: number, keyword: string): Promise<Explained[]> {
  let current: Explained | null = null;
  const original = pg.Client.prototype.query;
  // Wraps every client's query: explain first, then run it as the app asked.
  pg.Client.prototype.query = async function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === "string" ? config : config.text;
    if (current && /^\s*select/i.test(text)) {
      const params = Array.isArray(values) ? values : typeof config === "string" ? undefined : config.values;
      const res = await (original as (...a: unknown[]) => Promise<unknown>).call(this, `explain (analyze, format json) ${text}`, params);
      const plan = (res as unknown as pg.QueryResult<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>).rows[0]["QUERY PLAN"][0];
      const found = { indexes: new Set<string>(), seqScans: new Set<string>() };
      walk(plan.Plan, found);
      current.queries.push({ indexes: [...found.indexes], seqScans: [...found.seqScans], ms: Math.round(plan["Execution Time"] * 100) / 100 });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;

  const handle = await openDatabase({ databaseUrl: url });
  const results: Explained[] = [];
  const capture = async (call: string, fn: () => Promise<unknown>) => {
    await fn(); // warm: the plans' times are for cached pages, as under load, not for a cold start
    current = { call, queries: [] };
    await fn();
    results.push(current);
    current = null;
  };
  try {
    const db = handle.db;
    const reader = { userId, excludeRead: true };
    await capture("feed page 1 (visitor)", () => listArticles({ db, page: 1, limit: 20 }));
    await capture("feed page 1, exclude_read", () => listArticles({ db, page: 1, limit: 20, reader }));
    await capture("feed page 50, exclude_read", () => listArticles({ db, page: 50, limit: 20, reader }));
    await capture(`search "${keyword}" (visitor)`, () => searchArticles({ db, keyword, page: 1, limit: 20 }));
    await capture(`search "${keyword}", exclude_read`, () => searchArticles({ db, keyword, page: 1, limit: 20, reader }));
  } finally {
    pg.Client.prototype.query = original;
    await handle.close();
  }
  return results;
}
