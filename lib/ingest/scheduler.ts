import "server-only";
// The feed scheduler, run by the web process (unless RUN_WORKER=false) and by `npm run worker`: every tick
// it claims due sources, at most FEED_CONCURRENCY, and polls them side by side. One source's failure is
// recorded on that source and never stops the others. `pollDue` is also what `npm run feeds -- poll` runs.
// The announcer (lib/announce) runs beside it: the new articles the polls queue are sent to search engines.
import { recordFeedPoll } from "@/lib/metrics";
import { startAnnouncer, stopAnnouncer } from "@/lib/announce";
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
  signal,
}: {
  db: Db;
  concurrency: number;
  ids?: number[];
  now?: () => Date;
  random?: () => number;
  signal?: AbortSignal;
}): Promise<PollResult[]> {
  const results: PollResult[] = [];
  const pending = ids ? [...ids] : null;
  while (!signal?.aborted) {
    const batchIds = pending?.splice(0, concurrency);
    if (pending && !batchIds?.length) break;
    const claimed = await claimSources({ db, now: now(), limit: concurrency, ids: batchIds });
    if (!claimed.length) break;
    const polled = await Promise.all(claimed.map((source) => pollSource({ db, source, now: now(), random, signal })));
    for (const r of polled) recordFeedPoll(r.status);
    results.push(...polled);
    if (!pending && claimed.length < concurrency) break;
  }
  return results;
}

type Scheduler = { stop: () => Promise<void> };
const g = globalThis as typeof globalThis & { __shiyueFeeds?: Scheduler };

export function startFeedScheduler(getDb: () => Promise<Db>, { concurrency, tickMs = TICK_MS }: { concurrency: number; tickMs?: number }): Scheduler {
  if (g.__shiyueFeeds) return g.__shiyueFeeds;
  startAnnouncer(getDb);
  const stopping = new AbortController();
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        await pollDue({ db: await getDb(), concurrency, signal: stopping.signal });
      } catch (err) {
        log.error("feed scheduler tick failed", { error: errorMessage(err) });
      }
      if (stopping.signal.aborted) break;
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
      stopping.abort(); // polls in flight stop; their sources are due again at once
      wake?.();
      await Promise.all([loop, stopAnnouncer()]);
      g.__shiyueFeeds = undefined;
    },
  };
  g.__shiyueFeeds = scheduler;
  return scheduler;
}

export async function stopFeedScheduler(): Promise<void> {
  await g.__shiyueFeeds?.stop();
}
