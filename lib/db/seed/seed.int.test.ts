// Both databases: the seed writes through COPY on a server and through PGlite's own path on the embedded database.
import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeOn } from "@/test/one-database";
import { countArticles } from "@/lib/articles/queries";
import { resetConfig } from "@/lib/config";
import { getDb, getDbHandle } from "@/lib/db";
import { ensureReady } from "@/lib/db/bootstrap";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { secondaryIndexes, type Queryable } from "./article-indexes";
import { seedDemoArticles } from "./demo";
import { insertSynthetic } from "./insert-synthetic";
import { seedSynthetic } from "./seed-synthetic";
import { syntheticArticle } from "./synthetic";
import { migratedDataDir } from "@/test/pglite-dirs";

describe("seeding", () => {
  it("seeds the demo articles into an empty database at start-up, once", async () => {
    process.env.SEED_DEMO = "auto";
    resetConfig();
    const first = await ensureReady();
    expect(first.seeded).toBeGreaterThanOrEqual(60);
    const db = await getDb();
    const total = await countArticles({ db });
    expect(total).toBe(first.seeded);
    // A second start (or `npm run seed`) adds nothing.
    expect(await seedDemoArticles(db)).toBe(0);
    expect(await countArticles({ db })).toBe(total);
    const res = await db.execute<{ n: number }>(sql`select count(distinct source_url)::int as n from articles`);
    expect(res.rows[0].n).toBe(total);
  });

  it("adds synthetic articles in batches and skips them when run again", async () => {
    const db = await getDb();
    const before = await countArticles({ db });
    const progress: number[] = [];
    expect(await insertSynthetic(db, { count: 250, seed: 9, batchSize: 100, onProgress: (n) => progress.push(n) })).toBe(250);
    expect(progress).toEqual([100, 200, 250]);
    expect(await insertSynthetic(db, { count: 250, seed: 9, batchSize: 100 })).toBe(0);
    expect(await countArticles({ db })).toBe(before + 250);
    // Synthetic articles are searchable like any other.
    const hits = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from articles where origin = 'synthetic' and search_vector @@ to_tsquery('simple', '经验')`,
    );
    expect(hits.rows[0].n).toBeGreaterThan(0);
  });

  // On PostgreSQL the fast path (COPY over two connections); on PGlite the batched inserts. Both drop and
  // rebuild the article indexes when the load is large, forced here by the threshold.
  it("seeds synthetic articles, rebuilding the article indexes around a large load", async () => {
    const handle = await getDbHandle();
    const sql: Queryable = handle.driver === "pglite" ? handle.client : handle.pool;
    const counters = async () => {
      const { rows } = await sql.query("select name, value::bigint::text as value from site_counters order by name");
      return Object.fromEntries((rows as { name: string; value: string }[]).map((r) => [r.name, Number(r.value)]));
    };
    const total = async () => ((await sql.query("select count(*)::int as n from articles")).rows[0] as { n: number }).n;
    const indexes = await secondaryIndexes(sql);
    expect(indexes.map((i) => i.name)).toContain("articles_search_idx");
    const now = Date.parse("2026-11-22T00:00:00Z");
    const seed = 11;
    const before = await counters();

    // A small load keeps the indexes.
    const steps: string[] = [];
    const small = await seedSynthetic(handle, { count: 40, seed, now, onStep: (m) => steps.push(m) });
    expect(small).toMatchObject({ inserted: 40, rebuiltIndexes: [] });
    expect(steps.join("\n")).toContain("保留索引");

    // A large one (by the threshold given) rebuilds them, writes only the missing articles, in batches.
    steps.length = 0;
    const progress: number[] = [];
    const large = await seedSynthetic(handle, {
      count: 300,
      seed,
      now,
      batchSize: 70,
      rebuildIndexesAt: { minRows: 1, minShare: 0 },
      onStep: (m) => steps.push(m),
      onProgress: (done, missing) => progress.push(done / missing),
    });
    expect(large).toMatchObject({ inserted: 260, method: handle.driver === "postgres" ? "copy" : "insert" });
    expect(large.rebuiltIndexes.sort()).toEqual(indexes.map((i) => i.name).sort());
    expect(steps.join("\n")).toMatch(/先删除文章表的 \d+ 个二级索引，写完后重建/);
    expect(progress.at(-1)).toBe(1);
    // The same indexes afterwards, to the letter (storage options included), and the search vector's storage
    // back to the default the COPY load set aside.
    expect((await secondaryIndexes(sql)).sort((a, b) => a.name.localeCompare(b.name))).toEqual([...indexes].sort((a, b) => a.name.localeCompare(b.name)));
    const storage = await sql.query("select attstorage from pg_attribute where attrelid = 'articles'::regclass and attname = 'search_vector'");
    expect(storage.rows[0]).toEqual({ attstorage: "x" });

    // The rows are what syntheticArticle makes, search fields included; the counters count them.
    const { rows } = await sql.query(
      `select title, content, summary, author_name, platform_name, source_platform, source_url, published_at, like_cnt,
         comment_cnt, favorite_cnt, view_cnt, origin, search_title, search_body, search_grams
       from articles where source_url like $1 order by substr(source_url, $2)::int`,
      [`https://synthetic.shiyue.invalid/${seed}/%`, `https://synthetic.shiyue.invalid/${seed}/`.length + 1],
    );
    expect(rows).toHaveLength(300);
    rows.forEach((row, i) => {
      const a = syntheticArticle(i, seed, now);
      expect(row).toEqual({
        title: a.title, content: a.content, summary: a.summary, author_name: a.authorName, platform_name: a.platformName,
        source_platform: a.sourcePlatform, source_url: a.sourceUrl, published_at: a.publishedAt, like_cnt: a.likeCnt,
        comment_cnt: a.commentCnt, favorite_cnt: a.favoriteCnt, view_cnt: a.viewCnt, origin: "synthetic",
        search_title: a.searchTitle, search_body: a.searchBody, search_grams: a.searchGrams,
      });
    });
    // Their search vectors are what the trigger computes from that text (on PostgreSQL they were written as given).
    const vectorsDiffer = await sql.query(
      `select count(*)::int as n from articles where source_url like $1 and (
         search_vector is distinct from setweight(to_tsvector('simple'::regconfig, coalesce(search_title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(search_body, '')), 'B')
         or title_vector is distinct from to_tsvector('simple'::regconfig, coalesce(search_title, ''))
         or title_grams is distinct from to_tsvector('simple'::regconfig, coalesce(search_grams, '')))`,
      [`https://synthetic.shiyue.invalid/${seed}/%`],
    );
    expect(vectorsDiffer.rows[0]).toEqual({ n: 0 });
    if (handle.driver === "postgres") expect(steps.join("\n")).toMatch(/搜索向量抽查：\d+ 篇与数据库的计算完全相同/);
    const after = await counters();
    expect(after.articles).toBe(await total());
    expect(after.articles).toBe(before.articles + 300);
    expect(after.articles_version).toBeGreaterThan(before.articles_version);
    // Searchable through the rebuilt index.
    const found = await sql.query("select count(*)::int as n from articles where search_vector @@ to_tsquery('simple', '经验') and source_url like $1", [`https://synthetic.shiyue.invalid/${seed}/%`]);
    expect((found.rows[0] as { n: number }).n).toBeGreaterThan(0);

    // Again: nothing to add, nothing dropped.
    expect(await seedSynthetic(handle, { count: 300, seed, now, rebuildIndexesAt: { minRows: 1, minShare: 0 } })).toMatchObject({ inserted: 0, rebuiltIndexes: [] });
  });

  it("rebuilds the indexes when a large load is stopped half-way", async () => {
    const handle = await getDbHandle();
    const sql: Queryable = handle.driver === "pglite" ? handle.client : handle.pool;
    const indexes = await secondaryIndexes(sql);
    const stop = new AbortController();
    const result = await seedSynthetic(handle, {
      count: 400,
      seed: 12,
      batchSize: 50,
      writers: 1,
      rebuildIndexesAt: { minRows: 1, minShare: 0 },
      signal: stop.signal,
      onProgress: (done) => done >= 100 && stop.abort(),
    });
    expect(result.inserted).toBeGreaterThanOrEqual(100);
    expect(result.inserted).toBeLessThan(400);
    expect((await secondaryIndexes(sql)).map((i) => i.definition).sort()).toEqual(indexes.map((i) => i.definition).sort());
    const { rows } = await sql.query("select (select value from site_counters where name = 'articles')::int = (select count(*)::int from articles) as ok");
    expect(rows[0]).toEqual({ ok: true });
  });
});

// Only on PGlite (reason): the embedded data directory exists only on the PGlite side.
describeOn("pglite", "the embedded data directory", () => {
  // Asynchronous: the owner in this process must keep serving its socket while the tool runs.
  const seedCli = (dir: string) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn("npm", ["run", "--silent", "seed"], { env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: "" } });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("close", (status) => done({ status, stdout, stderr }));
    });

  it("refuses a second opener with a clear message when the owner shares nothing", async () => {
    const dir = migratedDataDir();
    const owner = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/正被另一个进程.*使用/);
      const cli = await seedCli(dir);
      expect(cli.status).toBe(1);
      expect(cli.stderr).toContain(`数据目录 ${dir} 正被另一个进程（pid ${process.pid}）使用`);
    } finally {
      await owner.close();
    }
    // Once the owner closed, the directory opens again.
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it("lets command-line tools work through the running server's socket", async () => {
    const dir = migratedDataDir();
    const owner = await openDatabase({ dataDir: dir, serveSocket: true });
    try {
      await migrateDatabase(owner);
      const guest = await openDatabase({ dataDir: dir });
      expect(guest.driver).toBe("pglite-socket");
      await guest.close();
      const cli = await seedCli(dir);
      expect(cli.stderr).toBe("");
      expect(cli.stdout).toMatch(/示例文章：新增 \d+ 篇/);
      // The rows the tool wrote are the owner's rows.
      expect(await countArticles({ db: owner.db })).toBeGreaterThanOrEqual(60);
    } finally {
      await owner.close();
    }
  });
});
