import "server-only";
// Applies the committed SQL migrations in drizzle/ under a Postgres advisory lock, so that instances
// starting at the same moment on one database migrate it exactly once.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { DbHandle } from "./client";

/** Arbitrary constant shared by every instance: the advisory lock that serializes migrations. */
export const MIGRATION_LOCK_KEY = 7_424_001;

export function migrationsFolder(): string {
  return process.env.SHIYUE_MIGRATIONS_DIR ?? join(process.cwd(), "drizzle");
}

/** How many migrations are committed in drizzle/ (from drizzle-kit's journal). */
export function committedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

export async function migrateDatabase(handle: DbHandle): Promise<void> {
  const folder = migrationsFolder();
  if (handle.driver === "pglite") {
    // One process owns a PGlite directory, so there is no race; the lock keeps the code path uniform.
    await handle.client.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migratePglite(drizzlePglite(handle.client), { migrationsFolder: folder });
    } finally {
      await handle.client.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
    return;
  }
  // Postgres, or a running server's PGlite through its socket. Session-level advisory locks belong to
  // one connection: hold it for the whole migration. The job pool: a migration may run longer than the
  // request statement timeout.
  const conn = await handle.jobPool.connect();
  try {
    await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(conn), { migrationsFolder: folder });
    } finally {
      await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    conn.release();
  }
}
