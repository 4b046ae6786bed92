// Migrations and the app through a real PgBouncer in transaction mode (issue 32): instances racing to migrate
// a fresh database, then a concurrent index migration — resuming an index a cut-short build left invalid — while
// readers and a writer keep going through the same PgBouncer.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { listArticles } from "@/lib/articles/queries";
import { toggleLike } from "@/lib/interactions/likes";
import { COMMITTED_MIGRATIONS, migrationsFolderWith } from "@/test/migrations";
import { havePgBouncer, startPgBouncer, type PgBouncer } from "@/test/pgbouncer";
import { openDatabase, type DbHandle } from "./client";
import { migrateDatabase } from "./migrate";

const driver = process.env.TEST_DB_DRIVER;

// Skipped on int-pglite and without Debian's pgbouncer (reason): PgBouncer pools a PostgreSQL server's connections, which the embedded database has not; .ci/run installs pgbouncer.
describe.skipIf(driver !== "postgres" || !havePgBouncer())("through PgBouncer in transaction mode", () => {
  let bouncer: PgBouncer;
  let url: string;
  const handles: DbHandle[] = [];
  const open = async (poolSize: number) => {
    const h = await openDatabase({ databaseUrl: url, poolSize });
    handles.push(h);
    if (h.driver !== "postgres") throw new Error("expected PostgreSQL");
    return h;
  };

  beforeAll(async () => {
    const direct = new URL(getConfig().DATABASE_URL!);
    bouncer = await startPgBouncer(direct.toString(), { poolSize: 3 });
    url = bouncer.url(direct.pathname.slice(1));
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close().catch(() => {})));
    await bouncer?.stop();
  });

  it("instances starting at the same moment migrate a fresh database exactly once", async () => {
    const racers = await Promise.all([1, 2, 3].map(() => open(2)));
    await Promise.all(racers.map((h) => migrateDatabase(h)));
    const res = await racers[0].pool.query("select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations");
    expect(res.rows[0]).toEqual({ n: COMMITTED_MIGRATIONS, hashes: COMMITTED_MIGRATIONS });
  });

  it("an index migration builds concurrently while readers and a writer carry on, and resumes a cut-short build", async () => {
    const app = await open(4);
    await app.pool.query(
      `insert into articles (title, source_url, origin) select '文章' || g, 'https://example.com/b/' || g, case when g % 2 = 0 then 'feed' else 'demo' end from generate_series(1, 3000) g`,
    );
    const [{ id: userId }] = (await app.pool.query<{ id: number }>(`insert into users (account_name) values ('bouncer_reader') returning id`)).rows;
    // A build cut short: a unique index over duplicates fails and stays behind, invalid, under the migration's name.
    await app.pool.query(`create unique index concurrently "bouncer_title_idx" on articles (origin)`).catch(() => {});
    const before = await app.pool.query(`select indisvalid from pg_index where indexrelid = to_regclass('public.bouncer_title_idx')`);
    expect(before.rows).toEqual([{ indisvalid: false }]);

    // Readers (the feed) and a writer (likes, in transactions) through PgBouncer until the migration is done.
    let done = false;
    const errors: unknown[] = [];
    const writes: number[] = [];
    const reader = async () => {
      for (let page = 1; !done; page = (page % 100) + 1) await listArticles({ db: app.db, page, limit: 20 }).catch((e) => errors.push(e));
    };
    const writer = async () => {
      for (let id = 1; !done; id = (id % 3000) + 1) {
        const started = performance.now();
        await toggleLike({ db: app.db, userId, articleId: id }).catch((e) => errors.push(e));
        writes.push(performance.now() - started);
      }
    };
    const load = Promise.all([reader(), reader(), writer()]);
    await new Promise<void>((resolve) => {
      const wait = () => (writes.length >= 20 ? resolve() : setImmediate(wait));
      wait();
    });

    const { folder } = migrationsFolderWith("bouncer_title_idx", `CREATE INDEX CONCURRENTLY IF NOT EXISTS "bouncer_title_idx" ON "articles" USING btree ("title");`);
    try {
      const racers = await Promise.all([1, 2].map(() => open(2)));
      await Promise.all(racers.map((h) => migrateDatabase(h, folder)));
    } finally {
      done = true;
      await load;
      rmSync(folder, { recursive: true, force: true });
    }

    expect(errors).toEqual([]);
    const after = await app.pool.query(
      `select i.indisvalid, pg_get_indexdef(i.indexrelid) as def from pg_index i where i.indexrelid = to_regclass('public.bouncer_title_idx')`,
    );
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0].indisvalid).toBe(true);
    expect(after.rows[0].def).toContain("(title)");
    expect(after.rows[0].def).not.toContain("UNIQUE");
    const recorded = await app.pool.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(recorded.rows[0].n).toBe(COMMITTED_MIGRATIONS + 1);
  });
});
