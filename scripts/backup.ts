// npm run backup [-- FILE]: a backup of DATABASE_URL (pg_dump custom format) or of the embedded database (its
// data directory, gzipped; stop the server first). Without FILE: backups/shiyue-{pg|pglite}-{time}.{dump|tar.gz}.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { backup, BackupError, sizeOf } from "@/lib/backup";
import { ConfigError, getConfig } from "@/lib/config";

try {
  const config = getConfig();
  const target = config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.PGLITE_DIR };
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const file = process.argv[2] ?? (config.DATABASE_URL ? `backups/shiyue-pg-${stamp}.dump` : `backups/shiyue-pglite-${stamp}.tar.gz`);
  mkdirSync(dirname(file), { recursive: true });
  const kind = await backup(target, file);
  console.log(`备份完成：${file}（${sizeOf(file)}，${kind === "pg_dump" ? "PostgreSQL，pg_dump 自定义格式" : "内置数据库"}）`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof BackupError ? err.message : `备份失败：${String(err)}`);
  process.exit(1);
}
