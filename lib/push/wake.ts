// Wakes this process's push worker (lib/push/worker.ts) when a notification was queued here, so a reply reaches the
// phone in a second rather than at the next poll. (A queue written by another process waits for the poll.)
const g = globalThis as typeof globalThis & { __shiyuePushWake?: () => void };

export function wakePushWorker(): void {
  // After the queuing transaction commits: the worker's claim must see the row.
  const wake = g.__shiyuePushWake;
  if (wake) setTimeout(wake, 50).unref?.();
}

export function onPushWake(fn: (() => void) | undefined): void {
  g.__shiyuePushWake = fn;
}
