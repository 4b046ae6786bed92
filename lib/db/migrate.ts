import "server-only";
// Applies the committed SQL migrations in drizzle/, in drizzle-kit's journal order and recorded in Drizzle's own
// table (drizzle.__drizzle_migrations: a database migrated by earlier releases carries on), so that any number of
// instances starting at the same moment migrate a database exactly once, without stopping the site
// (docs/deploy.md "Upgrades without downtime"):
//
// - The lock is transaction-level (pg_advisory_xact_lock), taken again for each step: it lives and dies with a
//   transaction, so it holds through PgBouncer in transaction mode, where a session-level lock would be taken on
//   one server connection and released on another. It is tried, never waited for inside a statement: a waiting
//   statement holds a snapshot, and CREATE INDEX CONCURRENTLY on the instance that holds the lock would wait for
//   that snapshot — for ever.
// - A migration file whose statements are all `CREATE INDEX CONCURRENTLY IF NOT EXISTS` / `DROP INDEX
//   CONCURRENTLY IF EXISTS` runs outside a transaction, on a second connection, while the first holds the lock
//   and then records it: the table takes reads and writes all along. A build cut short leaves an invalid index
//   behind; the next attempt drops and builds it again (resumable). drizzle-kit writes plain CREATE INDEX: the
//   author adds CONCURRENTLY IF NOT EXISTS (lib/db/migration-rules.test.ts insists on it for the big tables).
// - Every other migration runs in one transaction with a short lock_timeout, retried: an ALTER queued behind a
//   long query would otherwise hold every request queued behind it.
//
// On PGlite (one process owns the database, nobody else is served while it migrates) CONCURRENTLY is dropped and
// every migration runs in a transaction.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { DbHandle } from "./client";

/** Arbitrary constant shared by every instance: the advisory lock that serializes migrations. */
export const MIGRATION_LOCK_KEY = 7_424_001;
/** How long a transactional migration waits for a table lock before it lets go and tries again. */
const LOCK_TIMEOUT = "5s";
const LOCK_ATTEMPTS = 10;
/** Between two tries of the migration lock while another instance migrates. */
const LOCK_POLL_MS = 200;

export type Migration = { tag: string; when: number; hash: string; statements: string[]; concurrent: boolean };

export function migrationsFolder(): string {
  return process.env.SHIYUE_MIGRATIONS_DIR ?? join(process.cwd(), "drizzle");
}

type Journal = { entries: { tag: string; when: number }[] };
const readJournal = (folder: string) => JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as Journal;

/** How many migrations are committed in drizzle/ (from drizzle-kit's journal). */
export function committedMigrationCount(): number {
  return readJournal(migrationsFolder()).entries.length;
}

const CONCURRENT_STATEMENT = /^\s*(CREATE\s+(UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS|DROP\s+INDEX\s+CONCURRENTLY\s+IF\s+EXISTS)\s/i;

/** The migrations in journal order; the hash is Drizzle's (sha256 of the file), kept for its table. */
export function readMigrations(folder = migrationsFolder()): Migration[] {
  return readJournal(folder).entries.map(({ tag, when }) => {
    const text = readFileSync(join(folder, `${tag}.sql`), "utf8");
    const statements = text.split("--> statement-breakpoint").map((s) => s.trim()).filter((s) => stripComments(s) !== "");
    const concurrent = statements.some((s) => /\bCONCURRENTLY\b/i.test(stripComments(s)));
    if (concurrent && !statements.every((s) => CONCURRENT_STATEMENT.test(stripComments(s)))) {
      throw new Error(`迁移 ${tag}：CONCURRENTLY 的迁移只能包含 CREATE INDEX CONCURRENTLY IF NOT EXISTS 或 DROP INDEX CONCURRENTLY IF EXISTS`);
    }
    return { tag, when, hash: createHash("sha256").update(text).digest("hex"), statements, concurrent };
  });
}

export function stripComments(statement: string): string {
  return statement.replace(/^\s*--.*$/gm, "").trim();
}

/** A connection that runs one statement at a time: pg's client, or PGlite (or its transaction). */
type Conn = { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };

const BOOKKEEPING = [
  `create schema if not exists drizzle`,
  `create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
];

/** Drizzle's rule: applied when the last recorded migration is not older than it. */
async function pendingOf(conn: Conn, migrations: Migration[]): Promise<Migration[]> {
  const table = await conn.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!(table.rows[0] as { ok: boolean }).ok) return migrations;
  const res = await conn.query(`select coalesce(max(created_at), 0)::float8 as last from drizzle.__drizzle_migrations`);
  const last = Number((res.rows[0] as { last: number }).last);
  return migrations.filter((m) => m.when > last);
}

const record = (conn: Conn, m: Migration) =>
  conn.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)`, [m.hash, m.when]);

export async function migrateDatabase(handle: DbHandle, folder = migrationsFolder()): Promise<void> {
  const migrations = readMigrations(folder);
  if (handle.driver === "pglite") return migratePglite(handle.client, migrations);
  // Postgres, or a running server's PGlite through its socket. The job pool: a migration may run longer than
  // the request statement timeout.
  if (handle.driver === "pglite-socket") return migrateOnPool(handle.jobPool, migrations, { embedded: true });
  return migrateOnPool(handle.jobPool, migrations, { embedded: false });
}

async function migratePglite(client: PGlite, migrations: Migration[]): Promise<void> {
  await client.transaction(async (tx) => {
    for (const s of BOOKKEEPING) await tx.query(s);
    for (const m of await pendingOf(tx, migrations)) {
      for (const s of m.statements) await tx.query(withoutConcurrently(s));
      await record(tx, m);
    }
  });
}

const withoutConcurrently = (statement: string) => statement.replace(/\bCONCURRENTLY\s+/gi, "");

async function migrateOnPool(pool: pg.Pool, migrations: Migration[], opts: { embedded: boolean }): Promise<void> {
  let lockTimeouts = 0;
  for (;;) {
    const conn = await pool.connect();
    try {
      await lockedTransaction(conn);
      for (const s of BOOKKEEPING) await conn.query(s);
      const pending = await pendingOf(conn, migrations);
      if (pending.length > 0) await applyStep(pool, conn, pending, opts);
      await conn.query("commit");
      if (pending.length === 0) return;
    } catch (err) {
      await conn.query("rollback").catch(() => {});
      if (!lockTimedOut(err) || ++lockTimeouts >= LOCK_ATTEMPTS) throw err;
    } finally {
      conn.release();
    }
  }
}

/**
 * One step under the lock held by `conn`'s transaction: a concurrent migration at the head of `pending` alone,
 * else the run of transactional migrations before the next concurrent one, in that transaction.
 */
async function applyStep(pool: pg.Pool, conn: pg.PoolClient, pending: Migration[], opts: { embedded: boolean }): Promise<void> {
  if (pending[0].concurrent && !opts.embedded) {
    await buildConcurrently(pool, pending[0].statements);
    await record(conn, pending[0]);
    return;
  }
  const end = opts.embedded ? -1 : pending.findIndex((m) => m.concurrent);
  await conn.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
  for (const m of end === -1 ? pending : pending.slice(0, end)) {
    for (const s of m.statements) await conn.query(opts.embedded ? withoutConcurrently(s) : s);
    await record(conn, m);
  }
}

const lockTimedOut = (err: unknown) => (err as { code?: string }).code === "55P03";

/**
 * BEGIN and the migration lock, tried until it is free. Another instance's migration may take minutes (an index
 * on a million rows); each try is a transaction of its own, so the waiting never holds a snapshot that instance's
 * CREATE INDEX CONCURRENTLY would wait for.
 */
async function lockedTransaction(conn: pg.PoolClient): Promise<void> {
  for (;;) {
    await conn.query("begin");
    const res = await conn.query<{ ok: boolean }>("select pg_try_advisory_xact_lock($1) as ok", [MIGRATION_LOCK_KEY]);
    if (res.rows[0].ok) return;
    await conn.query("rollback");
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

/**
 * Runs concurrent index statements on a connection of their own (outside any transaction) while the caller's
 * transaction holds the lock. An index left invalid by a build that was cut short is dropped and built again.
 */
async function buildConcurrently(pool: pg.Pool, statements: string[]): Promise<void> {
  const conn = await pool.connect();
  try {
    for (const statement of statements) {
      const name = indexName(statement);
      if (name && (await indexState(conn, name)) === "invalid") await conn.query(`drop index concurrently if exists ${name}`);
      await conn.query(statement);
      if (name && /^\s*CREATE/i.test(stripComments(statement)) && (await indexState(conn, name)) !== "valid") {
        throw new Error(`索引 ${name} 未能建成`);
      }
    }
  } finally {
    conn.release();
  }
}

/** The (possibly schema-qualified, quoted) index name a concurrent statement names. */
export function indexName(statement: string): string | null {
  const m = /(?:IF\s+NOT\s+EXISTS|IF\s+EXISTS)\s+((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)/i.exec(stripComments(statement));
  return m ? m[1] : null;
}

async function indexState(conn: pg.PoolClient, name: string): Promise<"valid" | "invalid" | "absent"> {
  const res = await conn.query<{ valid: boolean }>(
    `select i.indisvalid and i.indisready as valid from pg_index i where i.indexrelid = to_regclass($1)`,
    [name.includes(".") ? name : `public.${name}`],
  );
  if (res.rows.length === 0) return "absent";
  return res.rows[0].valid ? "valid" : "invalid";
}
