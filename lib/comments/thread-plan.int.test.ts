// Both databases: the planner. A thread's page comes from its partial index in the order asked, never from a sort
// of the whole thread (a sort of 100,000 roots took 45 ms against 0.2 ms from the index, docs/performance.md): the
// ORDER BY must say DESC NULLS LAST as the index does (Drizzle writes `.desc()` so), or no index answers it.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { threadRoots } from "./thread";

/** The plan of the thread's query for article 1, with sequential scans priced out (a tiny table favours them). */
async function planOf(sort: "hot" | "new", page = 1) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const { sql: text, params } = threadRoots(tx as never, 1, { sort, page, limit: 20 }).toSQL();
    const inlined = text.replace(/\$(\d+)/g, (_, i) => String(params[Number(i) - 1]));
    const { rows } = await tx.execute<{ "QUERY PLAN": unknown }>(sql.raw(`explain (format json) ${inlined}`));
    return JSON.stringify(rows[0]["QUERY PLAN"]);
  });
}

describe("a thread's page", () => {
  it.each([
    ["hot", "comments_thread_hot_idx"],
    ["new", "comments_thread_new_idx"],
  ] as const)("%s: read in order from %s, no sort", async (sort, index) => {
    for (const page of [1, 5]) {
      const plan = await planOf(sort, page);
      expect(plan).toContain(`"Index Name":"${index}"`);
      expect(plan).not.toContain('"Node Type":"Sort"');
    }
  });
});
