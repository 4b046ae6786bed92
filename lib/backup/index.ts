// Backups of the site's database and their restore (`npm run backup`, `npm run restore`; docs/deploy.md
// "Backups"). On PostgreSQL: pg_dump's custom format, restored by pg_restore into an empty database (both from the
// PostgreSQL client tools on PATH, of the server's major version or newer). The embedded PGlite: its own dump of
// the data directory (a gzipped tar, PGlite's dumpDataDir), restored into an empty directory; taken while no
// server holds the directory (PGlite is one process's). A file says what it is by its first bytes, so a restore
// cannot put one kind into the other.
import { spawn } from "node:child_process";
import { chmodSync, closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "@/lib/db/client";
import { DataDirLockedError, lockDataDir } from "@/lib/db/pglite-lock";

export type Target = { databaseUrl: string } | { dataDir: string };
export type BackupKind = "pg_dump" | "pglite";

export class BackupError extends Error {}

/** What a backup file holds, by its first bytes: pg_dump's custom format starts "PGDMP", a gzip 1f 8b. */
export function kindOf(file: string): BackupKind {
  const head = readFileSync(file).subarray(0, 5);
  if (head.toString("latin1") === "PGDMP") return "pg_dump";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  throw new BackupError(`${file} 不是拾阅的备份文件（既不是 pg_dump 自定义格式，也不是内置数据库的备份）`);
}

/** Writes a backup of `target` to `file`; answers its kind. */
export async function backup(target: Target, file: string): Promise<BackupKind> {
  if ("databaseUrl" in target) {
    ownerOnly(file); // before pg_dump writes a byte: the file holds every reader's data
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], target.databaseUrl);
    return "pg_dump";
  }
  const release = lockOrExplain(target.dataDir, "备份");
  try {
    if (!existsSync(resolve(target.dataDir, "PG_VERSION"))) throw new BackupError(`${target.dataDir} 里没有内置数据库`);
    const client = await PGlite.create(target.dataDir, PGLITE_OPTIONS);
    try {
      const dump = await client.dumpDataDir("gzip");
      ownerOnly(file);
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return "pglite";
}

/**
 * Restores `file` into `target`, which must be empty: a database without tables, or a data directory that does
 * not exist or is empty. `replace` moves a data directory aside first (`{dir}.before-restore-{time}`); a
 * database is never emptied here (drop and create it, then restore).
 */
export async function restore(file: string, target: Target, { replace = false } = {}): Promise<BackupKind> {
  const kind = kindOf(file);
  if ("databaseUrl" in target) {
    if (kind !== "pg_dump") throw new BackupError("这是内置数据库的备份，只能恢复到内置数据库（不设置 DATABASE_URL）");
    const tables = await tableCount(target.databaseUrl);
    if (tables > 0) throw new BackupError(`目标数据库已有 ${tables} 张表：请恢复到新建的空数据库（createdb 后再运行）`);
    await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", file], target.databaseUrl);
    return kind;
  }
  if (kind !== "pglite") throw new BackupError("这是 PostgreSQL 的备份（pg_dump），只能用 DATABASE_URL 恢复到 PostgreSQL");
  const dir = resolve(target.dataDir);
  // The lock (a file beside the directory) is held from the check to the end: no server starts on it meanwhile.
  const release = lockOrExplain(dir, "恢复");
  try {
    if (existsSync(dir) && readdirSync(dir).length) {
      if (!replace) throw new BackupError(`${dir} 不是空目录：加 --replace 把它移到一旁再恢复`);
      renameSync(dir, `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
    }
    const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]), ...PGLITE_OPTIONS });
    await client.close();
  } finally {
    release();
  }
  return kind;
}

function lockOrExplain(dir: string, what: string): () => void {
  try {
    return lockDataDir(resolve(dir));
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(`内置数据库（${dir}）正被运行中的拾阅使用：请先停止服务再${what}`);
    throw err;
  }
}

async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Creates `file` (or empties it) readable and writable by its owner only (0600), whatever the umask. */
function ownerOnly(file: string): void {
  closeSync(openSync(file, "w", 0o600));
  chmodSync(file, 0o600); // a file that was there keeps its mode through open()
}

/**
 * The connection for a PostgreSQL client tool: the URL without its password as --dbname, the password in the
 * child's environment (PGPASSWORD), never on a command line that `ps` shows every local user.
 */
export function connectionArgs(databaseUrl: string): { args: string[]; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { args: [`--dbname=${url.toString()}`], env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool on `databaseUrl`; its own message on failure (a missing tool says how to get it). */
function run(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const connection = connectionArgs(databaseUrl);
  return new Promise((done, fail) => {
    const child = spawn(tool, [...connection.args, ...args], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...connection.env } });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (err: NodeJS.ErrnoException) =>
      fail(
        new BackupError(
          err.code === "ENOENT"
            ? `找不到 ${tool}：请安装 PostgreSQL 客户端工具（与服务器同一主版本或更新，如 apt-get install postgresql-client-15），或在数据库所在的机器上运行`
            : `${tool} 无法运行：${err.message}`,
        ),
      ),
    );
    child.on("close", (code) => (code === 0 ? done() : fail(new BackupError(`${tool} 失败（退出码 ${code}）：${stderr.trim().slice(0, 1000)}`))));
  });
}

/** A file's size for people: 1.2 MB. */
export function sizeOf(file: string): string {
  const bytes = statSync(file).size;
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
