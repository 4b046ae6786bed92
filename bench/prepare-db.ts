// The benchmark database: a PostgreSQL database with the demo articles plus synthetic ones up to the
// requested count, vacuumed and analysed; a reader with 200 articles in their history. Re-running
// reuses what is there.
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import { signToken } from "@/lib/auth/token";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { articles, users } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { insertSynthetic } from "@/lib/db/seed/insert-synthetic";

export type BenchDb = { articles: number; token: string; articleId: number; seedSeconds: number | null };

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

export async function prepareBenchDb(url: string, target: number): Promise<BenchDb> {
  await ensureDatabase(url);
  const handle = await openDatabase({ databaseUrl: url });
  try {
    await migrateDatabase(handle);
    const { db } = handle;
    await seedDemoArticles(db);
    const count = async () => Number((await db.execute<{ n: string }>(sql`select count(*) n from articles`)).rows[0].n);
    let seedSeconds: number | null = null;
    const have = await count();
    if (have < target) {
      const started = performance.now();
      const synthetic = Number((await db.execute<{ n: string }>(sql`select count(*) n from articles where origin = 'synthetic'`)).rows[0].n);
      console.log(`bench: adding ${target - have} synthetic articles (about a minute per 100,000)…`);
      await insertSynthetic(db, { count: synthetic + target - have, batchSize: 2000 });
      await db.execute(sql`vacuum analyze articles`);
      seedSeconds = (performance.now() - started) / 1000;
    }
    let [reader] = await db.select().from(users).where(eq(users.accountName, "bench_reader"));
    if (!reader) {
      [reader] = await db.insert(users).values({ accountName: "bench_reader" }).returning();
      await db.execute(sql`insert into read_history (user_id, article_id)
        select ${reader.id}, id from articles order by hot_score desc nulls last, id desc limit 200 on conflict do nothing`);
    }
    const [{ id: articleId }] = await db.select({ id: articles.id }).from(articles).where(eq(articles.origin, "demo")).limit(1);
    return { articles: await count(), token: await signToken(reader.id), articleId, seedSeconds };
  } finally {
    await handle.close();
  }
}
