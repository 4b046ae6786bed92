// npm run restore -- FILE [--replace]: puts a backup made by `npm run backup` into DATABASE_URL (an empty database)
// or into the embedded database's directory (empty; --replace moves a full one aside first). Stop the server first.
import { existsSync } from "node:fs";
import { BackupError, restore } from "@/lib/backup";
import { ConfigError, getConfig } from "@/lib/config";

try {
  const config = getConfig();
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  if (!file || !existsSync(file)) throw new BackupError(file ? `找不到备份文件 ${file}` : "用法：npm run restore -- <备份文件> [--replace]");
  const target = config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.PGLITE_DIR };
  await restore(file, target, { replace: args.includes("--replace") });
  console.log(`恢复完成：${file} → ${config.DATABASE_URL ? "DATABASE_URL" : config.PGLITE_DIR}。启动时会自动应用之后的迁移。`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof BackupError ? err.message : `恢复失败：${String(err)}`);
  process.exit(1);
}
