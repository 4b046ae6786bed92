// One process per PGlite data directory: a lock file beside the directory records the owner's pid.
// A second process gets a clear error instead of corrupting the database; a stale lock is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";

export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(
      `数据目录 ${dir} 正被另一个进程（pid ${pid}）使用：拾阅可能已在运行。` +
        `请先停止它，或设置 DATABASE_URL 改用 PostgreSQL。`,
    );
    this.name = "DataDirLockedError";
  }
}

type LockInfo = { pid: number; host: string; startedAt: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(path: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Takes the lock for `dir`; returns a release function. Throws DataDirLockedError if a live process holds it. */
export function lockDataDir(dir: string): () => void {
  const path = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      const release = () => {
        if (readLock(path)?.pid === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            /* already gone */
          }
        }
        process.off("exit", release);
      };
      process.on("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const owner = readLock(path);
      if (owner && owner.host === hostname() && isAlive(owner.pid)) {
        throw new DataDirLockedError(dir, owner.pid);
      }
      // Stale (the owner died) or unreadable: remove it and try again.
      try {
        unlinkSync(path);
      } catch {
        /* raced with another taker */
      }
    }
  }
  throw new Error(`无法获得数据目录锁：${path}`);
}
