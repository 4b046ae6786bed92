// EXPLAIN (ANALYZE, BUFFERS) of the comment calls' own statements (bench/explain.ts's approach): the app's
// functions run in this process against the benchmark database while every statement they send is first explained
// on the same connection. Reads are explained as they are; a write (the post path's budget counters, the insert,
// its notification) is explained inside a savepoint (in a transaction) or a transaction of its own and rolled back,
// then runs once as the app sent it. Each call runs once to warm the cache, then once captured. Then three of the
// calls are timed here, `repeat` times one at a time (no HTTP, route wrapper or token): what the database round
// trips cost apart from the rest of a request.
import pg from "pg";
import { inArray, sql } from "drizzle-orm";
import { resetConfig } from "@/lib/config";
import { listNotifications, unreadCount } from "@/lib/comments/notifications";
import { postComment } from "@/lib/comments/service";
import { listReplies, listThread } from "@/lib/comments/thread";
import { openDatabase } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { deletePosted, type CommentsCorpus } from "./comments-seed";
import { loadResult, type LoadResult } from "./load";

export type ExplainedStatement = { sql: string; plan: string; ms: number; planningMs: number; indexes: string[]; seqScans: string[]; triggers: string[] };
export type ExplainedCall = { call: string; statements: ExplainedStatement[] };

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

/** The most-replied visible root of the heavy thread and a few visible comments to reply to. */
async function threadFacts(db: Awaited<ReturnType<typeof openDatabase>>["db"], heavyId: number) {
  const { rows: top } = await db.execute<{ id: number }>(sql`
    select id from comments where article_id = ${heavyId} and root_id is null and status = 'visible' order by reply_count desc, id limit 1`);
  const { rows: some } = await db.execute<{ id: number }>(sql`
    select id from comments where article_id = ${heavyId} and status = 'visible' order by id desc limit 10`);
  return { busiestRoot: Number(top[0].id), replyTo: some.map((r) => Number(r.id)) };
}

/** The same calls timed in this process, one at a time, without HTTP, the route wrapper or the token. */
export type InProcess = { name: string; result: LoadResult }[];

export async function explainComments(databaseUrl: string, corpus: CommentsCorpus, { repeat = 100 }: { repeat?: number } = {}): Promise<{ calls: ExplainedCall[]; inProcess: InProcess }> {
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

  // In-process posts spend the budget like the app's: lifted as the bench's app is (bench/app-server.ts).
  const scale = process.env.ABUSE_LIMIT_SCALE;
  process.env.ABUSE_LIMIT_SCALE = "100000";
  resetConfig();
  const handle = await openDatabase({ databaseUrl });
  const results: ExplainedCall[] = [];
  const inProcess: InProcess = [];
  const posted: number[] = [];
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
    const { db } = handle;
    const heavy = corpus.heavyId;
    const reader = corpus.userIds[0];
    const { busiestRoot, replyTo } = await threadFacts(db, heavy);
    const page = (n: number, sort: "hot" | "new") => ({ page: n, limit: 20, sort });
    await capture("thread page 1, 最热 (visitor)", () => listThread({ db, articleId: heavy, viewerId: null, query: page(1, "hot") }));
    await capture("thread page 1, 最新 (visitor)", () => listThread({ db, articleId: heavy, viewerId: null, query: page(1, "new") }));
    await capture("thread page 1, 最热, signed in (the heavy reader)", () => listThread({ db, articleId: heavy, viewerId: reader, query: page(1, "hot") }));
    await capture("thread page 100, 最热 (visitor)", () => listThread({ db, articleId: heavy, viewerId: null, query: page(100, "hot") }));
    await capture("thread page 100, 最新 (visitor)", () => listThread({ db, articleId: heavy, viewerId: null, query: page(100, "new") }));
    await capture(`replies of the busiest root (${busiestRoot}), page 1`, () => listReplies({ db, rootId: busiestRoot, viewerId: null, query: { page: 1, limit: 20 } }));
    await capture("消息 page 1 (the heavy reader)", () => listNotifications({ db, userId: reader, query: { page: 1, limit: 20 } }));
    await capture("unread count (the header's badge)", () => unreadCount(db, reader));
    // Posts by readers who are not the heavy reader (read before: the app has its user from the token), each from
    // an address of its own.
    const posters = await db.select().from(users).where(inArray(users.id, corpus.userIds.slice(1, 5)));
    const tag = Date.now().toString(36);
    let n = 0;
    const post = async (reply: boolean) => {
      n++;
      const user = posters[n % posters.length];
      const body = { content: `压测计划 ${tag}-${n}：同意楼上的看法。`, reply_to: reply ? replyTo[n % replyTo.length] : null };
      const comment = await postComment({ db, user, articleId: heavy, body, ip: `203.0.113.${n}`, proof: null });
      posted.push(comment.id);
    };
    await capture("post a root comment", () => post(false));
    await capture("post a reply", () => post(true));

    const time = async (name: string, fn: (i: number) => Promise<unknown>) => {
      const latencies: number[] = [];
      const started = performance.now();
      for (let i = 0; i < repeat; i++) {
        const t = performance.now();
        await fn(i);
        latencies.push(performance.now() - t);
      }
      inProcess.push({ name, result: loadResult(1, latencies, 0, (performance.now() - started) / 1000) });
    };
    await time("thread page 1, 最热 (visitor)", () => listThread({ db, articleId: heavy, viewerId: null, query: page(1, "hot") }));
    await time("消息 page 1 (the heavy reader)", () => listNotifications({ db, userId: reader, query: { page: 1, limit: 20 } }));
    await time("post a comment (30% replies)", (i) => post(i % 10 < 3));
  } finally {
    pg.Client.prototype.query = original;
    await handle.close();
    await deletePosted(databaseUrl, posted);
    if (scale === undefined) delete process.env.ABUSE_LIMIT_SCALE;
    else process.env.ABUSE_LIMIT_SCALE = scale;
    resetConfig();
  }
  return { calls: results, inProcess };
}

const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** One line per statement: its time, indexes, sequential scans and triggers. */
export function plansSummary(calls: ExplainedCall[]): string {
  const rows = calls.flatMap((c) =>
    c.statements.map(
      (s, i) =>
        `| ${i === 0 ? c.call : ""} | \`${short(s.sql, 90).replace(/\|/g, "\\|")}\` | ${s.ms} ms | ${s.indexes.join(", ") || "—"} | ${s.seqScans.join(", ") || "—"}${s.triggers.length ? `; triggers ${s.triggers.join(", ")}` : ""} |`,
    ),
  );
  return ["| call | statement | execution | indexes | seq scans |", "|---|---|--:|---|---|", ...rows].join("\n");
}

/** Every plan in full, for bench/results/comments-plans.md. */
export function plansMarkdown(header: string, calls: ExplainedCall[]): string {
  const parts = [header, "", plansSummary(calls)];
  for (const c of calls) {
    parts.push("", `## ${c.call}`);
    for (const s of c.statements) parts.push("", "```sql", s.sql, "```", "", "```", s.plan, "```");
  }
  return `${parts.join("\n")}\n`;
}
