// npm run db:migrate: apply the committed migrations to DATABASE_URL (or the embedded database).
import { ConfigError, getConfig } from "@/lib/config";
import { closeDb, getDbHandle } from "@/lib/db";
import { errorMessage } from "@/lib/log";

try {
  getConfig();
  const handle = await getDbHandle();
  const where = { postgres: "PostgreSQL", pglite: "内置数据库", "pglite-socket": "运行中的拾阅内置数据库" }[handle.driver];
  console.log(`迁移完成（${where}）`);
  await closeDb();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `迁移失败：${errorMessage(err)}`);
  process.exit(1);
}
