// The process's shutdown state, shared by the route wrapper, the readiness check and the shutdown handler:
// once stopping, new API requests are turned away with 503 (a load balancer retries them elsewhere) and the
// shutdown waits for the ones in flight.

const g = globalThis as typeof globalThis & { __shiyueLifecycle?: { stopping: boolean; inFlight: number } };
const state = (g.__shiyueLifecycle ??= { stopping: false, inFlight: 0 });

export function isStopping(): boolean {
  return state.stopping;
}

export function beginStopping(): void {
  state.stopping = true;
}

/** Runs a request's handler, counted as in flight until it settles. */
export async function tracked<T>(fn: () => Promise<T>): Promise<T> {
  state.inFlight++;
  try {
    return await fn();
  } finally {
    state.inFlight--;
  }
}

/** Waits until no request is in flight, or `timeoutMs` passed; answers how many were still running. */
export async function drainRequests(timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (state.inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return state.inFlight;
}
