// npm run worker: runs the background work alone (for deployments with RUN_WORKER=false on the web
// instances): summary workers, SUMMARY_CONCURRENCY tasks at a time, the feed scheduler, the article embedder
// (with AI_EMBEDDING_MODEL), the retention sweep and the daily digests (lib/digest/worker.ts), until SIGTERM/SIGINT. With WORKER_HEARTBEAT_FILE it proves
// it is alive for a container health check (lib/server/heartbeat.ts). On the embedded database it
// connects through the running server's socket, or opens the data directory when no server runs.
import { getConfig, ConfigError } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import { registerCollectors } from "@/lib/metrics/collectors";
import { startMetricsServer, stopMetricsServer } from "@/lib/metrics/serve";
import { logFfmpeg } from "@/lib/summary/media/ffmpeg";
import { runSummaryTask } from "@/lib/summary/pipeline";
import { startSummaryWorkers, stopSummaryWorkers } from "@/lib/summary/worker";
import { startFeedScheduler, stopFeedScheduler } from "@/lib/ingest/scheduler";
import { startRetentionSweep, stopRetentionSweep } from "@/lib/privacy/retention";
import { startDigestWorker, stopDigestWorker } from "@/lib/digest/worker";
import { startPushWorker, stopPushWorker } from "@/lib/push/worker";
import { startEmbedder, stopEmbedder } from "@/lib/search/embedder";
import { startHeartbeat, stopHeartbeat } from "@/lib/server/heartbeat";

try {
  const config = getConfig();
  await getDb();
  const workers = startSummaryWorkers({ getDb, run: runSummaryTask, concurrency: config.SUMMARY_CONCURRENCY, pollMs: 2_000 });
  startFeedScheduler(getDb, { concurrency: config.FEED_CONCURRENCY });
  startRetentionSweep(getDb);
  startDigestWorker(getDb);
  startPushWorker(getDb);
  startEmbedder(getDb);
  if (config.WORKER_HEARTBEAT_FILE) startHeartbeat(getDb, config.WORKER_HEARTBEAT_FILE);
  registerCollectors(); // the gauges read when Prometheus scrapes
  await startMetricsServer();
  log.info("worker started", { worker: workers.workerId, concurrency: config.SUMMARY_CONCURRENCY, feeds: config.FEED_CONCURRENCY });
  void logFfmpeg();
  const stop = async () => {
    stopRetentionSweep();
    await Promise.all([stopHeartbeat(), stopSummaryWorkers(), stopFeedScheduler(), stopEmbedder(), stopDigestWorker(), stopPushWorker()]);
    await Promise.all([closeDb(), stopMetricsServer()]);
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `后台任务进程启动失败：${errorMessage(err)}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
