import "server-only";
// Server start-up (called from instrumentation.ts): a bad configuration or an unreachable database
// stops the process with one clear line and exit code 1, never a stack trace.
import { ConfigError, getConfig } from "@/lib/config";
import { getDb, getJobDb, limitRequestQueries, shareEmbeddedDatabase, openReadReplicas } from "@/lib/db";
import { startActivityLog } from "@/lib/admin/activity-log";
import { startEmbedder } from "@/lib/search/embedder";
import { startSearchUpkeep } from "@/lib/search/upkeep";
import { logFfmpeg } from "@/lib/summary/media/ffmpeg";
import { runSummaryTask } from "@/lib/summary/pipeline";
import { startSummaryWorkers } from "@/lib/summary/worker";
import { startFeedScheduler } from "@/lib/ingest/scheduler";
import { startRetentionSweep } from "@/lib/privacy/retention";
import { startDigestWorker } from "@/lib/digest/worker";
import { startPushWorker } from "@/lib/push/worker";
import { ensureReady } from "@/lib/db/bootstrap";
import { errorMessage, log } from "@/lib/log";
import { registerCollectors } from "@/lib/metrics/collectors";
import { startMetricsServer } from "@/lib/metrics/serve";
import { startPageCaches } from "./page-caches";
import { ownOrigin } from "./own-origin";
import { warmRetrieval } from "./warm-retrieval";
import { installShutdownHandlers } from "./shutdown";

export async function startServer(): Promise<void> {
  try {
    getConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : `配置错误：${errorMessage(err)}`);
    process.exit(1);
  }
  shareEmbeddedDatabase();
  limitRequestQueries();
  openReadReplicas();
  installShutdownHandlers();
  try {
    await ensureReady();
  } catch (err) {
    console.error(`启动失败：${errorMessage(err)}`);
    process.exit(1);
  }
  const config = getConfig();
  // A public deployment's privacy policy must name who runs it and how to reach them (个人信息保护法 article 17).
  if (config.REQUIRE_DATABASE_URL && (!config.SITE_OPERATOR || !config.PRIVACY_CONTACT)) {
    log.warn("privacy policy incomplete", { detail: "未设置 SITE_OPERATOR 或 PRIVACY_CONTACT：隐私政策无法写明运营者名称和联系方式（docs/privacy.md）" });
  }
  startPageCaches({ getDb, origin: ownOrigin(config.PORT) });
  await startSearchUpkeep(); // on the embedded database: statistics analysed before anything reads them
  // The chat's retrieval once (jieba's dictionary, the search statistics, the database's pages), here where the
  // routes' modules live, before server/main.ts warms the pages over HTTP (lib/server/warm-up.ts).
  await warmRetrieval();
  registerCollectors(); // the gauges read when Prometheus scrapes
  await startMetricsServer();
  // Searches and chat questions counted in memory, written every 30 s (web processes, workers or not).
  startActivityLog(getJobDb);
  // Background work in the web process (RUN_WORKER=false leaves it to separate processes), on the job pool:
  // not bound by the request statement timeout.
  if (config.RUN_WORKER) {
    startEmbedder(getJobDb);
    startSummaryWorkers({ getDb: getJobDb, run: runSummaryTask, concurrency: config.SUMMARY_CONCURRENCY });
    void logFfmpeg(); // which ffmpeg media summaries run: asked in the background, start-up does not wait
    startFeedScheduler(getJobDb, { concurrency: config.FEED_CONCURRENCY });
    startRetentionSweep(getJobDb);
    startDigestWorker(getJobDb);
    startPushWorker(getJobDb);
  }
}
