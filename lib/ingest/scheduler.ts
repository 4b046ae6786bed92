import "server-only";
// The feed scheduler, run by the web process (unless RUN_WORKER=false) and by `npm run worker`: every tick
// it claims due sources, at most FEED_CONCURRENCY, and polls them side by side. One source's failure is
// recorded on that source and never stops the others. `pollDue` is also what `npm run feeds -- poll` runs.
import type { Db } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";
import { pollSource, type PollResult } from "./poll";
import { claimSources } from "./sources";

const TICK_MS = 30_000;

/** Polls the sources due now (or exactly `ids`), `concurrency` at a time, until none is left. */
export async function pollDue({
  db,
  concurrency,
  ids,
  now = () => new Date(),
  random,
}: {
  db: Db;
  concurrency: number;
  ids?: number[];
  now?: () => Date;
  random?: () => number;
}): Promise<PollResult[]> {
  const results: PollResult[] = [];
  const pending = ids ? [...ids] : null;
  for (;;) {
    const batchIds = pending?.splice(0, concurrency);
    if (pending && !batchIds?.length) break;
    const claimed = await claimSources({ db, now: now(), limit: concurrency, ids: batchIds });
    if (!claimed.length) break;
    results.push(...(await Promise.all(claimed.map((source) => pollSource({ db, source, now: now(), random })))));
    if (!pending && claimed.length < concurrency) break;
  }
  return results;
}

type Scheduler = { stop: () => Promise<void> };
const g = globalThis as typeof globalThis & { __shiyueFeeds?: Scheduler };

export function startFeedScheduler(getDb: () => Promise<Db>, { concurrency, tickMs = TICK_MS }: { concurrency: number; tickMs?: number }): Scheduler {
  if (g.__shiyueFeeds) return g.__shiyueFeeds;
  let stopped = false;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      try {
        await pollDue({ db: await getDb(), concurrency });
      } catch (err) {
        log.error("feed scheduler tick failed", { error: errorMessage(err) });
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, tickMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  const scheduler: Scheduler = {
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      g.__shiyueFeeds = undefined;
    },
  };
  g.__shiyueFeeds = scheduler;
  return scheduler;
}

export async function stopFeedScheduler(): Promise<void> {
  await g.__shiyueFeeds?.stop();
}
