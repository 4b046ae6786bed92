import "server-only";
// The process's database: opened and migrated once, shared by every request (and kept across dev
// hot reloads on globalThis). A failed open is not cached, so the next call tries again.
import { openDatabase, type Db, type DbHandle } from "./client";
import { migrateDatabase } from "./migrate";

export type { Db, DbHandle, Tx } from "./client";

const g = globalThis as typeof globalThis & { __shiyueDb?: Promise<DbHandle>; __shiyueServeSocket?: boolean };

/** Called by the web server before first use: share its embedded database with command-line tools. */
export function shareEmbeddedDatabase(): void {
  g.__shiyueServeSocket = true;
}

export function getDbHandle(): Promise<DbHandle> {
  g.__shiyueDb ??= (async () => {
    const handle = await openDatabase({ serveSocket: g.__shiyueServeSocket });
    try {
      await migrateDatabase(handle);
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
    return handle;
  })().catch((err) => {
    g.__shiyueDb = undefined;
    throw err;
  });
  return g.__shiyueDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Closes the shared connection (scripts, tests, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const pending = g.__shiyueDb;
  g.__shiyueDb = undefined;
  if (pending) await (await pending.catch(() => undefined))?.close();
}
