import "server-only";
// How late this process's event loop runs: a timer every READING_MS notes how much later than asked it fired
// (the time the loop spent on other callbacks, or waiting for a CPU the machine did not give it). Pages
// answered from memory wait exactly that long before their turn, so the search gate (gate.ts) reads it to
// decide whether another search may start. The timer runs only while someone listens and never keeps the
// process alive.

/** Interval between readings. */
export const READING_MS = 20;
/** A reading this late (ms) is late: a page arriving then waited as long before its turn. */
export const BUSY_LAG_MS = 10;
/**
 * The loop is busy while one of the last BUSY_READINGS readings (2 s) was late. A crowd's load comes in
 * bursts: a gate that opened up again between two of them let the next one in (at 1M with 16 clients
 * searching, the pages' p95 was 2.0–2.4× idle with a window of two readings, 1.1–1.2× with this one:
 * docs/performance.md).
 */
export const BUSY_READINGS = 100;

/** What the search gate needs to know about the process's load. */
export type LoadSignal = {
  /** Whether the process is too busy to start more than one search at a time. */
  busy(): boolean;
  /** Calls `fn` after each reading while subscribed, saying whether that reading found the loop on time. */
  subscribe(fn: (calm: boolean) => void): () => void;
};

export class LoopLag implements LoadSignal {
  private readonly listeners = new Set<(calm: boolean) => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private last = 0;
  private latest = 0;
  /** Readings since the last late one (Infinity: none yet). */
  private sinceLate = Infinity;

  constructor(
    private readonly intervalMs = READING_MS,
    private readonly busyMs = BUSY_LAG_MS,
    private readonly busyReadings = BUSY_READINGS,
  ) {}

  /** The lag (ms) of the latest reading. */
  get lag(): number {
    return this.latest;
  }

  /** Whether the timer runs (someone listens). */
  get listening(): boolean {
    return this.timer !== null;
  }

  busy(): boolean {
    return this.sinceLate < this.busyReadings;
  }

  subscribe(fn: (calm: boolean) => void): () => void {
    this.listeners.add(fn);
    if (!this.timer) {
      this.last = performance.now();
      this.latest = 0;
      this.sinceLate = Infinity;
      this.timer = setInterval(() => this.read(), this.intervalMs);
      this.timer.unref?.();
    }
    return () => {
      this.listeners.delete(fn);
      if (!this.listeners.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  private read() {
    const now = performance.now();
    this.latest = Math.max(0, now - this.last - this.intervalMs);
    this.last = now;
    const calm = this.latest <= this.busyMs;
    this.sinceLate = calm ? this.sinceLate + 1 : 0;
    for (const fn of [...this.listeners]) fn(calm);
  }
}
