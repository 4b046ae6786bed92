import "server-only";
// Admission for searches: at most `slots` searches (the search API, the home page's search, the chat's
// retrieval) query the database at once in this process; the others wait their turn in order. A search
// holds up to two pooled connections (its page and its total), so without a gate fifty visitors searching
// at once fill the pool and every other page — the home page's version check, the feed, a like — waits in
// the pool's queue behind them. With it, the remaining connections stay free for those. A search waiting
// longer than `maxWaitMs` (or whose client went away) leaves the queue with a 503.
import { ApiError } from "@/lib/api/errors";
import { MSG } from "@/lib/messages";

export class SearchGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly slots: number,
    private readonly maxWaitMs = 10_000,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running >= this.slots) await this.turn(signal);
    else this.running++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes on without being freed
      else this.running--;
    }
  }

  private turn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (err: ApiError) => {
        const i = this.waiting.indexOf(go);
        if (i >= 0) this.waiting.splice(i, 1);
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        reject(err);
      };
      const go = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => leave(new ApiError("client_closed_request"));
      const timer = setTimeout(() => leave(new ApiError("unavailable", MSG.searchBusy, { "retry-after": "2" })), this.maxWaitMs);
      timer.unref?.();
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(go);
    });
  }
}

const g = globalThis as typeof globalThis & { __shiyueSearchGate?: SearchGate };

/** The process's gate, with SEARCH_CONCURRENCY slots. */
export function searchGate(slots: number): SearchGate {
  if (!g.__shiyueSearchGate || g.__shiyueSearchGate.slots !== slots) g.__shiyueSearchGate = new SearchGate(slots);
  return g.__shiyueSearchGate;
}
