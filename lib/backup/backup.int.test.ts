// Both databases: pg_dump/pg_restore on a server, PGlite's data-directory dump on the embedded database.
// Backup → restore round trips of a populated database, compared table by table (every row of every table of
// every schema the app made, the migrations journal included): PostgreSQL through pg_dump and pg_restore, the
// embedded PGlite through its data-directory dump. And the refusals that keep a restore from harming anything.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { describeOn } from "@/test/one-database";
import { getDb } from "@/lib/db";
import { openDatabase, PGLITE_OPTIONS, type Db } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { articles, favorites, likes, readHistory, summaryTasks, users } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { backup, BackupError, kindOf, restore } from ".";
import { copyMigratedTemplate } from "@/test/pglite-dirs";

const work = mkdtempSync(join(tmpdir(), "shiyue-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A site with readers: the demo articles, two accounts with likes, a favourite, a reading and a summary. */
async function populate(db: Db): Promise<void> {
  await seedDemoArticles(db);
  const ids = (await db.select({ id: articles.id }).from(articles).limit(3)).map((a) => a.id);
  const made = await db.insert(users).values([{ accountName: "backup_a", phoneNumber: "13900000001", phoneVerifiedAt: new Date() }, { accountName: "backup_b" }]).returning();
  await db.insert(likes).values(made.map((u, i) => ({ userId: u.id, articleId: ids[i] })));
  await db.insert(favorites).values({ userId: made[0].id, articleId: ids[2] });
  await db.insert(readHistory).values({ userId: made[1].id, articleId: ids[0] });
  await db.insert(summaryTasks).values({ userId: made[0].id, url: "https://example.com/a", normalizedUrl: "https://example.com/a", method: "quick" });
  // The counters' triggers ran: a restore must bring the counts as they are.
  expect((await db.select({ n: articles.likeCnt }).from(articles).where(eq(articles.id, ids[0])))[0].n).toBeGreaterThan(0);
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every table of the app's schemas: its row count and a digest of all its rows. */
async function fingerprint(query: Query): Promise<Record<string, string>> {
  const { rows } = await query(
    "select table_schema as s, table_name as t from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const out: Record<string, string> = {};
  for (const { s, t } of rows as { s: string; t: string }[]) {
    const name = `"${s}"."${t}"`;
    const [r] = (await query(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${name} x`)).rows;
    out[name] = `${r.n} rows ${r.h}`;
  }
  return out;
}

// Only on PostgreSQL (reason): the embedded project has no PostgreSQL server to pg_dump.
describeOn("postgres", "PostgreSQL: pg_dump → pg_restore", () => {
  it("restores a populated database into an empty one, every table equal, and refuses a database with tables", async () => {
    await populate(await getDb());
    const source = process.env.DATABASE_URL!;
    const file = join(work, "site.dump");
    expect(await backup({ databaseUrl: source }, file)).toBe("pg_dump");
    expect(kindOf(file)).toBe("pg_dump");
    expect(statSync(file).mode & 0o777).toBe(0o600); // every reader's data: for the owner only

    const admin = new pg.Client({ connectionString: source });
    await admin.connect();
    const name = `${new URL(source).pathname.slice(1)}_restored`;
    await admin.query(`create database "${name}"`);
    const url = new URL(source);
    url.pathname = `/${name}`;
    const restored = new pg.Client({ connectionString: url.toString() });
    try {
      expect(await restore(file, { databaseUrl: url.toString() })).toBe("pg_dump");
      await restored.connect();
      const original = await fingerprint((q) => admin.query(q));
      expect(Object.keys(original)).toEqual(expect.arrayContaining(['"public"."articles"', '"public"."users"', '"public"."likes"', '"drizzle"."__drizzle_migrations"']));
      expect(await fingerprint((q) => restored.query(q))).toEqual(original);
      // A second restore would mix two sites: refused.
      await expect(restore(file, { databaseUrl: url.toString() })).rejects.toThrow(/目标数据库已有 \d+ 张表/);
      // An embedded backup cannot go into PostgreSQL.
      const gz = join(work, "fake.tar.gz");
      writeFileSync(gz, Buffer.from([0x1f, 0x8b, 0, 0, 0]));
      await expect(restore(gz, { databaseUrl: url.toString() })).rejects.toThrow(/只能恢复到内置数据库/);
    } finally {
      await restored.end().catch(() => {});
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

// Only on PostgreSQL (reason): pg_dump's command line is the subject, and the embedded project runs no pg_dump.
describeOn("postgres", "PostgreSQL: what `ps` shows during a backup (issue 42, row 8)", () => {
  it("passes the password in pg_dump's environment, never on its command line, and makes the file 0600 before it writes", async () => {
    // A stand-in pg_dump first on PATH writes down what it was given.
    const bin = mkdtempSync(join(work, "bin-"));
    const seen = join(bin, "seen");
    writeFileSync(join(bin, "pg_dump"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${seen}.args"\nprintf '%s' "$PGPASSWORD" > "${seen}.password"\n`, { mode: 0o755 });
    const file = join(work, "secret.dump");
    writeFileSync(file, "old", { mode: 0o644 }); // an older backup of the same name, readable by all
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      await backup({ databaseUrl: "postgresql://shiyue:pa%24%24-w0rd@db.internal:5432/shiyue?sslmode=require" }, file);
    } finally {
      process.env.PATH = path;
    }
    const args = readFileSync(`${seen}.args`, "utf8");
    for (const secret of ["pa$$-w0rd", "pa%24%24-w0rd"]) expect(args).not.toContain(secret);
    expect(args).toContain("--dbname=postgresql://shiyue@db.internal:5432/shiyue?sslmode=require");
    expect(readFileSync(`${seen}.password`, "utf8")).toBe("pa$$-w0rd");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

// Only on PGlite (reason): it makes and dumps its own embedded data directories; on a server the other block covers backups.
describeOn("pglite", "embedded PGlite: data-directory dump → restore", () => {
  const open = (dataDir: string) => PGlite.create(dataDir, PGLITE_OPTIONS);

  // Five PGlite instances (source, dump, restore, two opens, a second restore): work, not waiting; a busy 2-core
  // machine takes more than the default 30 s.
  it("restores a populated directory into an empty one, every table equal", { timeout: 120_000 }, async () => {
    const source = copyMigratedTemplate(join(work, "source"));
    const handle = await openDatabase({ dataDir: source });
    await migrateDatabase(handle);
    await populate(handle.db);
    await handle.close();

    const file = join(work, "site.tar.gz");
    expect(await backup({ dataDir: source }, file)).toBe("pglite");
    expect(kindOf(file)).toBe("pglite");
    expect(statSync(file).mode & 0o777).toBe(0o600); // every reader's data: for the owner only
    const target = join(work, "restored");
    expect(await restore(file, { dataDir: target })).toBe("pglite");

    const [a, b] = [await open(source), await open(target)];
    try {
      const original = await fingerprint((q) => a.query(q));
      expect(Object.keys(original)).toEqual(expect.arrayContaining(['"public"."articles"', '"public"."users"', '"public"."likes"', '"drizzle"."__drizzle_migrations"']));
      expect(original['"public"."users"']).toMatch(/^2 rows/);
      expect(await fingerprint((q) => b.query(q))).toEqual(original);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }

    // A full directory is kept unless --replace, which moves it aside.
    await expect(restore(file, { dataDir: target })).rejects.toThrow(/不是空目录：加 --replace/);
    expect(await restore(file, { dataDir: target }, { replace: true })).toBe("pglite");
  });

  it("refuses a directory a running server holds, a PostgreSQL dump, and a file that is no backup", async () => {
    const dir = copyMigratedTemplate(join(work, "held"));
    const held = await openDatabase({ dataDir: dir });
    try {
      await expect(backup({ dataDir: dir }, join(work, "x.tar.gz"))).rejects.toThrow(/正被运行中的拾阅使用：请先停止服务再备份/);
    } finally {
      await held.close();
    }
    const dump = join(work, "fake.dump");
    writeFileSync(dump, "PGDMP\u0001\u000e\u0000");
    await expect(restore(dump, { dataDir: join(work, "other") })).rejects.toThrow(/只能用 DATABASE_URL 恢复到 PostgreSQL/);
    const junk = join(work, "notes.txt");
    writeFileSync(junk, "hello");
    expect(() => kindOf(junk)).toThrow(BackupError);
  });
});
