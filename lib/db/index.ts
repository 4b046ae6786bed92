import "server-only";
// The process's database: opened and migrated once, shared by every request (and kept across dev
// hot reloads on globalThis). A failed open is not cached, so the next call tries again.
// `getDb()` is for requests, `getJobDb()` for background work; in the web server (limitRequestQueries) the
// first carries DB_STATEMENT_TIMEOUT_MS and the second does not. Command-line tools set no limit.
import { getConfig } from "@/lib/config";
import { openDatabase, type Db, type DbHandle } from "./client";
import { recordRead } from "@/lib/metrics";
import { pinnedToPrimary } from "./read-routing";
import { outsideRequest } from "./request-scope";
import { migrateDatabase } from "./migrate";

export type { Db, DbHandle, Tx } from "./client";

const g = globalThis as typeof globalThis & { __shiyueDb?: Promise<DbHandle>; __shiyueServeSocket?: boolean; __shiyueRequestLimits?: boolean; __shiyueReplicas?: boolean };

/** Called by the web server before first use: share its embedded database with command-line tools. */
export function shareEmbeddedDatabase(): void {
  g.__shiyueServeSocket = true;
}

/** Called by the web server before first use: queries through `getDb()` are limited to DB_STATEMENT_TIMEOUT_MS. */
export function limitRequestQueries(on = true): void {
  g.__shiyueRequestLimits = on;
}

/** Called by the web server before first use: open the read replicas of DATABASE_READ_URL beside the primary. */
export function openReadReplicas(on = true): void {
  g.__shiyueReplicas = on;
}

export function getDbHandle(): Promise<DbHandle> {
  // Shared by every request: opened outside the one that asked first.
  g.__shiyueDb ??= outsideRequest(async () => {
    const handle = await openDatabase({
      serveSocket: g.__shiyueServeSocket,
      statementTimeoutMs: g.__shiyueRequestLimits ? getConfig().DB_STATEMENT_TIMEOUT_MS : 0,
      readUrls: g.__shiyueReplicas ? getConfig().DATABASE_READ_URL : [],
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

/** The process's database when it has been opened (or is being opened), without opening it. */
export function openedDbHandle(): Promise<DbHandle> | undefined {
  return g.__shiyueDb;
}

/** The database for requests (statement timeout in the web server; cancelled with its request). */
export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/**
 * For reads that tolerate a little lag — what the feed, search, permalinks and the chat's retrieval show: the next
 * caught-up read replica (DATABASE_READ_URL), else the primary. A reader who has just changed something reads the
 * primary (lib/db/read-routing.ts), and so does everything else that goes through getDb(): writes, transactions,
 * a reader's own lists, and the caches' renders, whose freshness is judged on the primary.
 */
export async function getReadDb(reader?: { userId: number } | null): Promise<Db> {
  const handle = await getDbHandle();
  const replicas = handle.driver === "postgres" ? handle.replicas : undefined;
  if (!replicas) return handle.db;
  const replica = reader && pinnedToPrimary(reader.userId) ? null : replicas.pick();
  recordRead(replica ? "replica" : "primary");
  return replica ?? handle.db;
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
