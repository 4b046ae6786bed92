import "server-only";
// Clean stop on SIGTERM/SIGINT, within 10 s: new API requests get 503 and /api/ready fails (the load
// balancer moves on); background work stops taking jobs and hands unfinished summary tasks back to the
// queue; requests in flight finish; the search and chat tallies still in memory are written; then the
// database closes (PGlite checkpoints and releases its directory lock; the pg pool ends) and the process
// exits. Active only when the launcher sets NEXT_MANUAL_SIG_HANDLE=true (npm start, the container);
// otherwise Next's own handlers exit as before (next dev).
import { stopActivityLog } from "@/lib/admin/activity-log";
import { stopEmbedder } from "@/lib/search/embedder";
import { stopSummaryWorkers } from "@/lib/summary/worker";
import { stopFeedScheduler } from "@/lib/ingest/scheduler";
import { stopRetentionSweep } from "@/lib/privacy/retention";
import { stopDigestWorker } from "@/lib/digest/worker";
import { stopPushWorker } from "@/lib/push/worker";
import { closeDb } from "@/lib/db";
import { stopMetricsServer } from "@/lib/metrics/serve";
import { errorMessage, log } from "@/lib/log";
import { beginStopping, drainRequests } from "./lifecycle";

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Leaves time to close the database inside the 10 s. */
const DRAIN_MS = 7_000;

export function installShutdownHandlers(): void {
  if (process.env.NEXT_MANUAL_SIG_HANDLE !== "true") return;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    setTimeout(() => {
      log.error("shutdown timed out", { after_ms: SHUTDOWN_TIMEOUT_MS });
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      beginStopping();
      stopRetentionSweep();
      await Promise.all([stopEmbedder(), stopSummaryWorkers(), stopFeedScheduler(), stopDigestWorker(), stopPushWorker()]);
      const unfinished = await drainRequests(DRAIN_MS);
      if (unfinished) log.warn("requests still running at shutdown", { count: unfinished });
      await stopActivityLog(); // the searches and chat questions counted since the last write
      await Promise.all([closeDb(), stopMetricsServer()]);
      log.info("database closed");
      process.exit(0);
    } catch (err) {
      log.error("shutdown failed", { error: errorMessage(err) });
      process.exit(1);
    }
  };
  // Kept for every signal, not once: Ctrl+C on `npm start` reaches the server twice (from the terminal, to the
  // whole process group, and passed on by scripts/start.ts), and without a listener the second would end the
  // process before the database is closed. Repeats are ignored; the timeout above still ends a stuck stop.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
