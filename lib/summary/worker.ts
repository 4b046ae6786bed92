import "server-only";
// Summary workers: SUMMARY_CONCURRENCY slots per process, each claiming the next task (lib/summary/queue.ts),
// renewing its lease while the pipeline runs, and recording the outcome. A slot that loses its lease aborts
// its work and writes nothing. Slots sleep when the queue is empty and wake when nudged (a task was created).
import { recordSummaryTask } from "@/lib/metrics";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { SummaryTask, TaskResult, TaskSteps } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { claimTask, completeTask, DEFAULT_LEASE_MS, failTask, releaseTask, renewLease, reportProgress } from "./queue";
import { initialSteps } from "./service";

export type Progress = { progress: number; steps: TaskSteps };
export type RunContext = { signal: AbortSignal; report: (p: Progress) => Promise<void> };
/** The pipeline for one task: returns the result, or throws an Error whose message is shown to the user. */
export type RunTask = (task: SummaryTask, ctx: RunContext) => Promise<{ result: TaskResult; steps: TaskSteps }>;
/** A failure that knows the steps it left behind (which step failed, with its message). */
export class StepFailure extends Error {
  constructor(message: string, readonly steps: TaskSteps) {
    super(message);
    this.name = "StepFailure";
  }
}

type Workers = { stop: () => Promise<void>; nudge: () => void; workerId: string };
const g = globalThis as typeof globalThis & { __shiyueSummaryWorkers?: Workers };

export function nudgeSummaryWorkers(): void {
  g.__shiyueSummaryWorkers?.nudge();
}

export async function stopSummaryWorkers(): Promise<void> {
  await g.__shiyueSummaryWorkers?.stop();
}

export function startSummaryWorkers({
  getDb,
  run,
  concurrency,
  pollMs = 5_000,
  leaseMs = DEFAULT_LEASE_MS,
}: {
  getDb: () => Promise<Db>;
  run: RunTask;
  concurrency: number;
  pollMs?: number;
  leaseMs?: number;
}): Workers {
  if (g.__shiyueSummaryWorkers) return g.__shiyueSummaryWorkers;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      sleepers.add(done);
    });

  async function work(task: SummaryTask, db: Db) {
    const lost = new AbortController();
    const stop = () => lost.abort();
    stopping.signal.addEventListener("abort", stop, { once: true });
    const renew = setInterval(async () => {
      const ok = await renewLease({ db, taskId: task.id, workerId, leaseMs }).catch(() => false);
      if (!ok) lost.abort();
    }, Math.max(leaseMs / 3, 250));
    try {
      const { result, steps } = await run(task, {
        signal: lost.signal,
        report: async ({ progress, steps }) => {
          if (!(await reportProgress({ db, taskId: task.id, workerId, progress, steps }))) lost.abort();
        },
      });
      // Finished, even if a stop came meanwhile; a lost lease makes this a no-op (the write checks the owner).
      await completeTask({ db, taskId: task.id, workerId, result, steps });
      recordSummaryTask("completed", "summarize");
    } catch (err) {
      if (stopping.signal.aborted) {
        // Shutting down: hand the task back so another worker starts it now, not when the lease expires.
        await releaseTask({ db, taskId: task.id, workerId }).catch(() => false);
        return;
      }
      if (lost.signal.aborted) return; // the lease moved on: the next owner finishes it
      const message = err instanceof Error && err.message ? err.message : "处理失败，请重试";
      log.warn("summary task failed", { task: task.uuid, error: errorMessage(err) });
      const steps = err instanceof StepFailure ? err.steps : (task.steps ?? initialSteps());
      await failTask({ db, taskId: task.id, workerId, error: message, steps });
      recordSummaryTask("failed", (Object.keys(steps) as (keyof typeof steps)[]).find((k) => steps[k].status === "error") ?? "unknown");
    } finally {
      clearInterval(renew);
      stopping.signal.removeEventListener("abort", stop);
    }
  }

  const slots = Array.from({ length: concurrency }, async () => {
    while (!stopping.signal.aborted) {
      try {
        const db = await getDb();
        const task = await claimTask({ db, workerId, leaseMs });
        if (!task) {
          await sleep(pollMs);
          continue;
        }
        // A stop that came while the claim was on its way: hand the task back unstarted (work() listens for a
        // stop from its first line, synchronously after this check, so nothing falls between the two).
        if (stopping.signal.aborted) {
          await releaseTask({ db, taskId: task.id, workerId }).catch(() => false);
          break;
        }
        await work(task, db);
      } catch (err) {
        if (stopping.signal.aborted) break;
        log.error("summary worker error", { error: errorMessage(err) });
        await sleep(pollMs);
      }
    }
  });

  const workers: Workers = {
    workerId,
    nudge: () => sleepers.forEach((wake) => wake()),
    stop: async () => {
      stopping.abort();
      sleepers.forEach((wake) => wake());
      await Promise.all(slots);
      if (g.__shiyueSummaryWorkers === workers) g.__shiyueSummaryWorkers = undefined;
    },
  };
  g.__shiyueSummaryWorkers = workers;
  return workers;
}
