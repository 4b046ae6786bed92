import "server-only";
// The push worker (the web process with RUN_WORKER, or `npm run worker`): sends queued notifications
// (sender.ts) every POLL_MS, at once when this process queued one (wake.ts), and purges old ones hourly.
import type { Db } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";
import { purgeSentPushes, sendDuePushes } from "./sender";
import { vapid } from "./subscriptions";
import { onPushWake } from "./wake";

const POLL_MS = 10_000;
const PURGE_MS = 3_600_000;

type State = { timer?: NodeJS.Timeout; stopped: boolean; running?: Promise<void>; again: boolean; purgedAt: number };
const g = globalThis as typeof globalThis & { __shiyuePush?: State };

export function startPushWorker(getDb: () => Promise<Db>): void {
  if (g.__shiyuePush || !vapid()) return;
  const state: State = { stopped: false, again: false, purgedAt: 0 };
  g.__shiyuePush = state;
  const run = async () => {
    try {
      const db = await getDb();
      for (;;) {
        state.again = false;
        const round = await sendDuePushes(db);
        if (round.sent || round.retried) log.info("pushes sent", round);
        if (!state.again || state.stopped) break;
      }
      if (Date.now() - state.purgedAt > PURGE_MS) {
        state.purgedAt = Date.now();
        await purgeSentPushes(db);
      }
    } catch (err) {
      if (!state.stopped) log.error("push round failed", { error: errorMessage(err) });
    }
  };
  const tick = () => {
    clearTimeout(state.timer);
    state.running = run().finally(() => {
      state.running = undefined;
      if (g.__shiyuePush === state && !state.stopped) state.timer = setTimeout(tick, POLL_MS).unref();
    });
  };
  onPushWake(() => {
    if (state.stopped) return;
    if (state.running) state.again = true;
    else tick();
  });
  tick();
}

export async function stopPushWorker(): Promise<void> {
  const state = g.__shiyuePush;
  if (!state) return;
  g.__shiyuePush = undefined;
  state.stopped = true;
  onPushWake(undefined);
  clearTimeout(state.timer);
  await state.running;
}
