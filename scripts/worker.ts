// npm run worker: runs the background work alone (for deployments with RUN_WORKER=false on the web
// instances): summary workers, SUMMARY_CONCURRENCY tasks at a time, and the feed scheduler, until
// SIGTERM/SIGINT. On the embedded database it
// connects through the running server's socket, or opens the data directory when no server runs.
import { getConfig, ConfigError } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import { logFfmpeg } from "@/lib/summary/media/ffmpeg";
import { runSummaryTask } from "@/lib/summary/pipeline";
import { startSummaryWorkers, stopSummaryWorkers } from "@/lib/summary/worker";
import { startFeedScheduler, stopFeedScheduler } from "@/lib/ingest/scheduler";
import { startRetentionSweep, stopRetentionSweep } from "@/lib/privacy/retention";

try {
  const config = getConfig();
  await getDb();
  const workers = startSummaryWorkers({ getDb, run: runSummaryTask, concurrency: config.SUMMARY_CONCURRENCY, pollMs: 2_000 });
  startFeedScheduler(getDb, { concurrency: config.FEED_CONCURRENCY });
  startRetentionSweep(getDb);
  log.info("worker started", { worker: workers.workerId, concurrency: config.SUMMARY_CONCURRENCY, feeds: config.FEED_CONCURRENCY });
  void logFfmpeg();
  const stop = async () => {
    stopRetentionSweep();
    await Promise.all([stopSummaryWorkers(), stopFeedScheduler()]);
    await closeDb();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `后台任务进程启动失败：${errorMessage(err)}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
