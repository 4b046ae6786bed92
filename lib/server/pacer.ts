// A token bucket that makes callers wait their turn: `rate` turns a second on average, up to `burst` at once
// after a quiet spell. A caller whose turn would come more than `maxWaitMs` from now is refused at once (it
// takes another way); waiting callers take their turns in order. Used by the front door to keep a crowd's
// searches from crowding out pages (kept-searches.ts).

export type Pacer = {
  /** Resolves true at the caller's turn; false at once when that turn would come later than `maxWaitMs`. */
  turn(): Promise<boolean>;
  /** Callers waiting now (diagnostics, tests). */
  readonly waiting: number;
};

export function createPacer({
  rate,
  burst,
  maxWaitMs,
  now = () => performance.now(),
}: {
  rate: number;
  burst: number;
  maxWaitMs: number;
  now?: () => number;
}): Pacer {
  const interval = 1000 / rate;
  const allowance = (burst - 1) * interval;
  // The theoretical arrival time of the next turn at the pure rate (GCRA): a turn may go `allowance` before it.
  let next = -Infinity;
  let waiting = 0;

  return {
    turn() {
      const t = now();
      const due = Math.max(next, t);
      const wait = Math.max(0, due - allowance - t);
      if (wait > maxWaitMs) return Promise.resolve(false);
      next = due + interval;
      if (wait === 0) return Promise.resolve(true);
      waiting++;
      return new Promise((resolve) =>
        setTimeout(() => {
          waiting--;
          resolve(true);
        }, wait),
      );
    },
    get waiting() {
      return waiting;
    },
  };
}
