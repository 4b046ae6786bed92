// npm run worker: runs summary workers alone (for deployments with RUN_WORKER=false on the web
// instances), SUMMARY_CONCURRENCY tasks at a time, until SIGTERM/SIGINT. On the embedded database it
// connects through the running server's socket, or opens the data directory when no server runs.
import { getConfig, ConfigError } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import { runSummaryTask } from "@/lib/summary/pipeline";
import { startSummaryWorkers, stopSummaryWorkers } from "@/lib/summary/worker";

try {
  const config = getConfig();
  await getDb();
  const workers = startSummaryWorkers({ getDb, run: runSummaryTask, concurrency: config.SUMMARY_CONCURRENCY, pollMs: 2_000 });
  log.info("summary worker started", { worker: workers.workerId, concurrency: config.SUMMARY_CONCURRENCY });
  const stop = async () => {
    await stopSummaryWorkers();
    await closeDb();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `总结任务进程启动失败：${errorMessage(err)}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
