import "server-only";
// Admission for searches: at most `slots` searches (the search API, the home page's search, the chat's
// retrieval) query the database at once in this process; the others wait their turn in order. A search
// holds up to two pooled connections (its page and its total), so without a gate fifty visitors searching
// at once fill the pool and every other page — the home page's version check, the feed, a like — waits in
// the pool's queue behind them. With it, the remaining connections stay free for those. A search waiting
// longer than `maxWaitMs` (or whose client went away) leaves the queue with a 503.
//
// The pool is not the only thing searches share with pages: each search also costs the event loop a few
// milliseconds (routing, reading its rows, writing its JSON), and on a small machine the database's own
// work takes CPU from it. So the gate also watches how late the loop runs (`load`, loop-lag.ts): while it
// is busy (a reading more than 10 ms late in the last 2 s), one search runs at a time, and the next starts
// at a reading that finds the loop on time again, or BUSY_GAP_MS after the last one started if none does.
// A crowd of searches queues here, cheaply, instead of making every page wait behind it (issue 29: a cached
// home page went from 10 ms to 111 ms p95 while 16 clients searched). A search never waits for a busy loop
// when it is the only one, nor more than BUSY_PATIENCE_MS for a free slot.
import { ApiError } from "@/lib/api/errors";
import { MSG } from "@/lib/messages";
import { LoopLag, type LoadSignal } from "./loop-lag";

/** While the loop stays busy, the next search starts at the latest this long after the last one started. */
export const BUSY_GAP_MS = 100;
/**
 * A search that has waited this long starts at the next reading even while the loop is busy (when a slot is
 * free): pages come first, but a crowd of page loads must not keep searches waiting until they answer 503.
 */
export const BUSY_PATIENCE_MS = 2_000;

type Waiter = { go: () => void; since: number };

export class SearchGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private unsubscribe: (() => void) | null = null;
  private lastStart = -Infinity;

  constructor(
    readonly slots: number,
    private readonly maxWaitMs = 10_000,
    private readonly load?: LoadSignal,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  /** Searches running now. */
  get active(): number {
    return this.running;
  }

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    this.watchLoad();
    if (!this.waiting.length && this.mayStart()) this.start();
    else await this.turn(signal);
    try {
      return await fn();
    } finally {
      this.running--;
      // While the loop is busy the next search waits for a reading (the pages queued meanwhile go first).
      if (!this.load?.busy()) this.admit();
      this.unwatchWhenIdle();
    }
  }

  /** A free slot, and while the process is busy no other search running. */
  private mayStart(): boolean {
    if (this.running >= this.slots) return false;
    return this.running === 0 || !this.load?.busy();
  }

  private start(waiter?: Waiter) {
    this.running++;
    this.lastStart = this.now();
    waiter?.go();
  }

  private admit() {
    while (this.waiting.length && this.mayStart()) this.start(this.waiting.shift());
  }

  /**
   * A reading of the loop: every slot while it keeps up. While busy, one search: when none runs and the
   * reading is on time or the gap has passed, or when the first in line has waited BUSY_PATIENCE_MS.
   */
  private onReading(calm: boolean) {
    if (!this.load!.busy()) return this.admit();
    const first = this.waiting[0];
    if (!first || this.running >= this.slots) return;
    const now = this.now();
    const paced = !this.running && (calm || now - this.lastStart >= BUSY_GAP_MS);
    if (paced || now - first.since >= BUSY_PATIENCE_MS) this.start(this.waiting.shift());
  }

  private watchLoad() {
    if (this.load && !this.unsubscribe) this.unsubscribe = this.load.subscribe((calm) => this.onReading(calm));
  }

  private unwatchWhenIdle() {
    if (this.running || this.waiting.length || !this.unsubscribe) return;
    this.unsubscribe();
    this.unsubscribe = null;
  }

  private turn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (err: ApiError) => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.unwatchWhenIdle();
        reject(err);
      };
      const go = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const waiter: Waiter = { go, since: this.now() };
      const onAbort = () => leave(new ApiError("client_closed_request"));
      const timer = setTimeout(() => leave(new ApiError("unavailable", MSG.searchBusy, { "retry-after": "2" })), this.maxWaitMs);
      timer.unref?.();
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }
}

const g = globalThis as typeof globalThis & { __shiyueSearchGate?: SearchGate; __shiyueLoopLag?: LoopLag };

/** The process's event-loop lag, shared by its gates. */
export function processLoopLag(): LoopLag {
  return (g.__shiyueLoopLag ??= new LoopLag());
}

/** The process's gate, with SEARCH_CONCURRENCY slots, watching the process's event loop. */
export function searchGate(slots: number): SearchGate {
  if (!g.__shiyueSearchGate || g.__shiyueSearchGate.slots !== slots) g.__shiyueSearchGate = new SearchGate(slots, 10_000, processLoopLag());
  return g.__shiyueSearchGate;
}
