import "server-only";
// The database connection: PGlite in PGLITE_DIR when DATABASE_URL is unset, a pg pool when it is set.
// One typed Drizzle instance for both; a process-wide singleton (lib/db/index.ts) survives hot reload.
//
// On Postgres, `db` runs through the web pool (RequestPool: a request's queries are cancelled when its client
// goes away) and, when opened with `statementTimeoutMs`, every statement on it is limited to that long.
// `jobDb` is for background work (summaries, feeds, embeddings, migrations, seeding): its own small pool
// without that limit. Without a timeout, or on PGlite, `jobDb` is `db`.
//
// PGlite allows one process per data directory. The server shares its PGlite with command-line tools
// (seed, migrate, …) over a Unix socket in the data directory; a tool that finds the directory locked by
// a running server connects through that socket instead, and gets a clear error when there is none.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { getConfig } from "@/lib/config";
import { DataDirLockedError, lockDataDir } from "./pglite-lock";
import { copyTemplateInto } from "./pglite-template";
import { openReplicas, type Replicas } from "./replicas";
import { RequestPool } from "./request-scope";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DbHandle =
  | { driver: "pglite"; db: Db; jobDb: Db; client: PGlite; dataDir: string; close: () => Promise<void> }
  | { driver: "postgres" | "pglite-socket"; db: Db; jobDb: Db; pool: pg.Pool; jobPool: pg.Pool; replicas?: Replicas; close: () => Promise<void> };

/** Connections of the background pool (jobs run a few queries at a time; requests keep the main pool). */
export const JOB_POOL_SIZE = 5;

/** The socket a running server exposes its PGlite on (`psql -h <data dir>` connects to it too). */
export function pgliteSocketPath(dataDir: string): string {
  return join(dataDir, ".s.PGSQL.5432");
}

/** pgvector is bundled with PGlite, so semantic search uses it on the embedded database. */
export const PGLITE_OPTIONS: PGliteOptions = { extensions: { vector } };

async function openPool(config: pg.PoolConfig, what: string): Promise<pg.Pool> {
  const pool = new RequestPool({ connectionTimeoutMillis: 5_000, ...config });
  pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
  // Fail fast with a clear message when the server is unreachable.
  const probe = await pool.connect().catch(async (err: Error) => {
    await pool.end().catch(() => {});
    throw new Error(`无法连接${what}：${err.message}`);
  });
  probe.release();
  return pool;
}

/**
 * Opens a connection without migrating. `dataDir` "memory://" gives a throw-away in-memory PGlite.
 * `serveSocket` (the web server) shares a file-backed PGlite with command-line tools. `statementTimeoutMs`
 * (the web server's DB_STATEMENT_TIMEOUT_MS) limits every statement on `db`, not on `jobDb`; PGlite
 * cannot enforce it. `readUrls` (the web server's DATABASE_READ_URL) opens read replicas beside the primary.
 */
export async function openDatabase(
  opts: { databaseUrl?: string; dataDir?: string; poolSize?: number; serveSocket?: boolean; statementTimeoutMs?: number; readUrls?: string[] } = {},
): Promise<DbHandle> {
  const config = getConfig();
  const databaseUrl = opts.databaseUrl ?? config.DATABASE_URL;
  if (databaseUrl) {
    const timeout = opts.statementTimeoutMs ?? 0;
    // statement_timeout is sent as a start-up parameter of each connection: no extra round trip per query.
    const pool = await openPool(
      { connectionString: databaseUrl, max: opts.poolSize ?? 10, ...(timeout > 0 ? { statement_timeout: timeout } : {}) },
      " PostgreSQL（DATABASE_URL）",
    );
    const db = drizzlePg(pool, { schema });
    const replicas = opts.readUrls?.length
      ? openReplicas(opts.readUrls, { poolSize: opts.poolSize ?? 10, statementTimeoutMs: timeout, maxLagMs: config.REPLICA_MAX_LAG_MS })
      : undefined;
    if (!(timeout > 0)) {
      return { driver: "postgres", db, jobDb: db, pool, jobPool: pool, replicas, close: async () => void (await Promise.all([pool.end(), replicas?.close()])) };
    }
    // Connects on first use: a web container with RUN_WORKER=false uses it only to migrate at start.
    const jobPool = new pg.Pool({ connectionString: databaseUrl, max: JOB_POOL_SIZE, connectionTimeoutMillis: 5_000 });
    jobPool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg job pool error", err: err.message })));
    return {
      driver: "postgres",
      db,
      jobDb: drizzlePg(jobPool, { schema }),
      pool,
      jobPool,
      replicas,
      close: async () => {
        await Promise.all([pool.end(), jobPool.end(), replicas?.close()]);
      },
    };
  }

  const dir = opts.dataDir ?? config.PGLITE_DIR;
  if (dir.startsWith("memory://")) {
    const client = await PGlite.create({ ...PGLITE_OPTIONS });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return { driver: "pglite", db, jobDb: db, client, dataDir: dir, close: () => client.close() };
  }

  const dataDir = resolve(/*turbopackIgnore: true*/ dir);
  let release: () => void;
  try {
    mkdirSync(dirname(dataDir), { recursive: true });
    release = lockDataDir(dataDir);
  } catch (err) {
    const socket = pgliteSocketPath(dataDir);
    if (!(err instanceof DataDirLockedError)) throw unusableDataDir(dataDir, err);
    if (!existsSync(socket)) throw err;
    // A running server owns the directory and shares it: one connection, its queries are serialized.
    const pool = await openPool(
      { host: dataDir, port: 5432, user: "postgres", database: "postgres", max: 1 },
      `运行中的拾阅内置数据库（${socket}）`,
    );
    const db = drizzlePg(pool, { schema });
    return { driver: "pglite-socket", db, jobDb: db, pool, jobPool: pool, close: () => pool.end() };
  }

  let socketServer: PGLiteSocketServer | undefined;
  try {
    copyTemplateInto(dataDir);
    const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
    if (opts.serveSocket) {
      const path = pgliteSocketPath(dataDir);
      rmSync(path, { force: true }); // left by a server that died; we hold the lock now
      socketServer = new PGLiteSocketServer({ db: client, path, maxConnections: 8 });
      await socketServer.start();
    }
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      driver: "pglite",
      db,
      jobDb: db,
      client,
      dataDir,
      close: async () => {
        await socketServer?.stop();
        await client.close();
        release();
      },
    };
  } catch (err) {
    await socketServer?.stop().catch(() => {});
    release();
    throw unusableDataDir(dataDir, err);
  }
}

const FS_REASONS: Record<string, string> = {
  EROFS: "所在文件系统是只读的",
  ENOSPC: "磁盘空间不足",
  EDQUOT: "磁盘配额已满",
  EACCES: "没有读写权限",
  EPERM: "没有读写权限",
  ENOTDIR: "路径中有一段是文件而不是目录",
  EEXIST: "路径中有一段是文件而不是目录",
  EISDIR: "路径指向了目录",
};

/** A file-system failure on the data directory as one clear line; other errors pass through. */
export function unusableDataDir(dataDir: string, err: unknown): Error {
  const code = (err as NodeJS.ErrnoException)?.code;
  const reason = code ? FS_REASONS[code] : undefined;
  return reason ? new Error(`数据目录 ${dataDir} 无法使用：${reason}（PGLITE_DIR）`) : (err as Error);
}
