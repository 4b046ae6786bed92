// A benchmark database: PostgreSQL (`databaseUrl`) or a PGlite data directory (`dataDir`) with the demo
// articles plus synthetic ones up to the requested count (the seed's own code: COPY on PostgreSQL, with the
// article indexes rebuilt after a large load), vacuumed and analysed; a
// reader with the 1,000 hottest articles in their history (half the corpus when it is smaller, so the
// feed without read articles is not empty) and one completed summary task to poll.
// Re-running reuses what is there, so each database is prepared once.
import pg from "pg";
import { and, eq, sql } from "drizzle-orm";
import { signToken } from "@/lib/auth/token";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { articles, summaryTasks, users } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { seedSynthetic } from "@/lib/db/seed/seed-synthetic";
import { initialSteps } from "@/lib/summary/service";

export const READ_ARTICLES = 1000;
const POLL_URL = "https://bench.invalid/status-poll";

export type DbTarget = { databaseUrl: string } | { dataDir: string };
export type BenchDb = {
  target: DbTarget;
  articles: number;
  userId: number;
  token: string;
  /** A demo article for the permalink. */
  articleId: number;
  /** Articles the like toggle goes through in turn. */
  likeIds: number[];
  /** The completed summary task the status poll asks about. */
  taskId: string;
  /** Seconds spent seeding in this run (null when the database was ready). */
  seedSeconds: number | null;
};

async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
  if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  await client.end();
}

export async function prepareBenchDb(target: DbTarget, wanted: number): Promise<BenchDb> {
  if ("databaseUrl" in target) await ensureDatabase(target.databaseUrl);
  // An empty databaseUrl makes openDatabase take the data directory even when DATABASE_URL is set.
  const handle = await openDatabase("databaseUrl" in target ? target : { databaseUrl: "", dataDir: target.dataDir });
  try {
    await migrateDatabase(handle);
    const { db } = handle;
    await seedDemoArticles(db);
    const count = async () => Number((await db.execute<{ n: string }>(sql`select count(*) n from articles`)).rows[0].n);
    let seedSeconds: number | null = null;
    const have = await count();
    if (have < wanted) {
      const started = performance.now();
      const synthetic = Number((await db.execute<{ n: string }>(sql`select count(*) n from articles where origin = 'synthetic'`)).rows[0].n);
      console.log(`bench: adding ${wanted - have} synthetic articles to ${describe(target)}…`);
      await seedSynthetic(handle, { count: synthetic + wanted - have, onStep: (message) => console.log(`bench: ${message}`) });
      await db.execute(sql`vacuum analyze`);
      seedSeconds = (performance.now() - started) / 1000;
      console.log(`bench: seeded ${describe(target)} in ${seedSeconds.toFixed(1)} s`);
    }

    let [reader] = await db.select().from(users).where(eq(users.accountName, "bench_reader"));
    reader ??= (await db.insert(users).values({ accountName: "bench_reader" }).returning())[0];
    const read = Math.min(READ_ARTICLES, Math.floor((await count()) / 2));
    if (reader.readCount < read) {
      // The hottest articles: the signed-in feed with exclude_read skips all of them (read_count follows by trigger).
      await db.execute(sql`insert into read_history (user_id, article_id)
        select ${reader.id}, id from articles order by hot_score desc nulls last, id desc nulls last limit ${read}
        on conflict do nothing`);
      await db.execute(sql`analyze read_history`);
    }

    const taskWhere = and(eq(summaryTasks.userId, reader.id), eq(summaryTasks.url, POLL_URL));
    let [task] = await db.select({ uuid: summaryTasks.uuid }).from(summaryTasks).where(taskWhere);
    task ??= (await db.insert(summaryTasks).values(completedTask(reader.id)).returning({ uuid: summaryTasks.uuid }))[0];

    const [{ id: articleId }] = await db.select({ id: articles.id }).from(articles).where(eq(articles.origin, "demo")).orderBy(articles.id).limit(1);
    const likeIds = (await db.select({ id: articles.id }).from(articles).orderBy(sql`${articles.id} desc`).limit(100)).map((r) => r.id);
    return { target, articles: await count(), userId: reader.id, token: await signToken(reader.id), articleId, likeIds, taskId: task.uuid, seedSeconds };
  } finally {
    await handle.close();
  }
}

export function describe(target: DbTarget): string {
  return "databaseUrl" in target ? new URL(target.databaseUrl).pathname.slice(1) : `PGlite ${target.dataDir}`;
}

/** A finished quick summary with a result of realistic size, as the worker leaves it. */
function completedTask(userId: number): typeof summaryTasks.$inferInsert {
  const steps = initialSteps();
  for (const step of Object.values(steps)) Object.assign(step, { status: "completed", message: "完成", progress: 100 });
  const content = "这是一篇用于压测状态轮询的文章正文。".repeat(120);
  const summary = "要点：先定义问题，再用数据验证；保持简单，长期坚持。".repeat(12);
  const now = new Date();
  return {
    userId,
    url: POLL_URL,
    normalizedUrl: POLL_URL,
    method: "quick",
    status: "completed",
    progress: 100,
    steps,
    result: { title: "状态轮询压测", content, summary, source_url: POLL_URL, method: "quick", created_at: now.toISOString(), reused: false, article_id: null },
    startedAt: now,
    completedAt: now,
  };
}

/**
 * A prepared PostgreSQL corpus as it is, read only (the flood row alone): how many articles it holds and the
 * article whose permalink the bench measures (the first demo article, as prepareBenchDb picks it).
 */
export async function inspectBenchDb(databaseUrl: string): Promise<{ articles: number; articleId: number } | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const exists = await client.query(`select to_regclass('public.articles') is not null as ok`);
    if (!exists.rows[0].ok) return null;
    const { rows: counted } = await client.query<{ n: string }>("select count(*) n from articles");
    const { rows: demo } = await client.query<{ id: number }>("select id from articles where origin = 'demo' order by id limit 1");
    return demo.length ? { articles: Number(counted[0].n), articleId: demo[0].id } : null;
  } finally {
    await client.end();
  }
}
