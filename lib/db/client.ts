import "server-only";
// The database connection: PGlite in PGLITE_DIR when DATABASE_URL is unset, a pg pool when it is set.
// One typed Drizzle instance for both; a process-wide singleton that survives dev hot reload.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { getConfig } from "@/lib/config";
import { lockDataDir } from "./pglite-lock";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DbHandle =
  | { driver: "pglite"; db: Db; client: PGlite; dataDir: string; close: () => Promise<void> }
  | { driver: "postgres"; db: Db; pool: pg.Pool; close: () => Promise<void> };

/** Opens a connection without migrating. `dataDir` "memory://" gives a throw-away in-memory PGlite. */
export async function openDatabase(
  opts: { databaseUrl?: string; dataDir?: string; poolSize?: number } = {},
): Promise<DbHandle> {
  const config = getConfig();
  const databaseUrl = opts.databaseUrl ?? config.DATABASE_URL;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 10_000 });
    pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
    // Fail fast with a clear message when the server is unreachable.
    const probe = await pool.connect().catch(async (err: Error) => {
      await pool.end().catch(() => {});
      throw new Error(`无法连接 PostgreSQL（DATABASE_URL）：${err.message}`);
    });
    probe.release();
    const db = drizzlePg(pool, { schema });
    return { driver: "postgres", db, pool, close: () => pool.end() };
  }

  const dir = opts.dataDir ?? config.PGLITE_DIR;
  if (dir.startsWith("memory://")) {
    const client = await PGlite.create();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return { driver: "pglite", db, client, dataDir: dir, close: () => client.close() };
  }
  const dataDir = resolve(/*turbopackIgnore: true*/ dir);
  mkdirSync(dirname(dataDir), { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      driver: "pglite",
      db,
      client,
      dataDir,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
