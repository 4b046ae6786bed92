import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPacer } from "./pacer";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Turns taken so far, by the fake clock's time. */
function track(pacer: ReturnType<typeof createPacer>, n: number) {
  const at: (number | false)[] = [];
  for (let i = 0; i < n; i++) void pacer.turn().then((go) => at.push(go ? performance.now() : false));
  return at;
}

describe("a pacer", () => {
  it("lets a burst through at once, then one turn per interval, in order", async () => {
    const pacer = createPacer({ rate: 100, burst: 4, maxWaitMs: 1_000 });
    const start = performance.now();
    const at = track(pacer, 7);
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toHaveLength(4);
    expect(pacer.waiting).toBe(3);
    await vi.advanceTimersByTimeAsync(30);
    expect(at.map((t) => Math.round((t as number) - start))).toEqual([0, 0, 0, 0, 10, 20, 30]);
    expect(pacer.waiting).toBe(0);
  });

  it("refuses at once a caller whose turn is further away than the longest wait", async () => {
    const pacer = createPacer({ rate: 100, burst: 1, maxWaitMs: 25 });
    const at = track(pacer, 5); // turns at 0, 10, 20; the 4th would wait 30 ms
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toEqual([expect.any(Number), false, false]);
    await vi.advanceTimersByTimeAsync(25);
    expect(at.filter((t) => t !== false)).toHaveLength(3);
  });

  it("fills up again after a quiet spell, never beyond the burst", async () => {
    const pacer = createPacer({ rate: 100, burst: 3, maxWaitMs: 1_000 });
    track(pacer, 3);
    await vi.advanceTimersByTimeAsync(1_000);
    const at = track(pacer, 4);
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10);
    expect(at).toHaveLength(4);
  });
});
