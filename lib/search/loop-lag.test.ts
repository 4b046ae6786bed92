import { describe, expect, it } from "vitest";
import { LoopLag } from "./loop-lag";

/** Holds the event loop for `ms`, as a long synchronous callback (or a starved CPU) would. */
function holdLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
}

describe("LoopLag", () => {
  it("reads a loop held up by a long callback as busy, and calm once it runs freely again", async () => {
    const lag = new LoopLag(10, 10, 2);
    let wake: (() => void) | undefined;
    const nextReading = () => new Promise<void>((r) => (wake = r));
    const unsubscribe = lag.subscribe(() => wake?.());
    expect(lag.listening).toBe(true);
    await nextReading();
    holdLoop(60);
    await nextReading();
    expect(lag.lag).toBeGreaterThanOrEqual(40);
    expect(lag.busy()).toBe(true);
    // However loaded the machine running the test, two free readings in a row come.
    for (let n = 0; lag.busy() && n < 1000; n++) await nextReading();
    expect(lag.busy()).toBe(false);
    unsubscribe();
    expect(lag.listening).toBe(false);
  });

  it("starts calm each time someone listens again", async () => {
    const lag = new LoopLag(10, 10, 2);
    let wake: (() => void) | undefined;
    const first = lag.subscribe(() => wake?.());
    await new Promise<void>((r) => (wake = r));
    holdLoop(40);
    await new Promise<void>((r) => (wake = r));
    expect(lag.busy()).toBe(true);
    first();
    expect(lag.listening).toBe(false);
    const again = lag.subscribe(() => {});
    expect(lag.busy()).toBe(false);
    again();
  });
});
