import "server-only";
// The process's database: opened and migrated once, shared by every request (and kept across dev
// hot reloads on globalThis). A failed open is not cached, so the next call tries again.
// `getDb()` is for requests, `getJobDb()` for background work; in the web server (limitRequestQueries) the
// first carries DB_STATEMENT_TIMEOUT_MS and the second does not. Command-line tools set no limit.
import { getConfig } from "@/lib/config";
import { openDatabase, type Db, type DbHandle } from "./client";
import { outsideRequest } from "./request-scope";
import { migrateDatabase } from "./migrate";

export type { Db, DbHandle, Tx } from "./client";

const g = globalThis as typeof globalThis & { __shiyueDb?: Promise<DbHandle>; __shiyueServeSocket?: boolean; __shiyueRequestLimits?: boolean };

/** Called by the web server before first use: share its embedded database with command-line tools. */
export function shareEmbeddedDatabase(): void {
  g.__shiyueServeSocket = true;
}

/** Called by the web server before first use: queries through `getDb()` are limited to DB_STATEMENT_TIMEOUT_MS. */
export function limitRequestQueries(on = true): void {
  g.__shiyueRequestLimits = on;
}

export function getDbHandle(): Promise<DbHandle> {
  // Shared by every request: opened outside the one that asked first.
  g.__shiyueDb ??= outsideRequest(async () => {
    const handle = await openDatabase({
      serveSocket: g.__shiyueServeSocket,
      statementTimeoutMs: g.__shiyueRequestLimits ? getConfig().DB_STATEMENT_TIMEOUT_MS : 0,
    });
    try {
      await migrateDatabase(handle);
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
    return handle;
  }).catch((err) => {
    g.__shiyueDb = undefined;
    throw err;
  });
  return g.__shiyueDb;
}

/** The database for requests (statement timeout in the web server; cancelled with its request). */
export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** The database for background work: jobs, workers, start-up seeding; never bound by the request timeout. */
export async function getJobDb(): Promise<Db> {
  return (await getDbHandle()).jobDb;
}

/** Closes the shared connection (scripts, tests, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const pending = g.__shiyueDb;
  g.__shiyueDb = undefined;
  if (pending) await (await pending.catch(() => undefined))?.close();
}
