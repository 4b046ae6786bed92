import { describe, expect, it } from "vitest";
import { TYPING_MAX_BACKLOG, charsPerTick, nextVisibleLength } from "./typing";

/** Ticks of 10 ms until `text` is fully shown, with the stream in the given state. */
function ticksToFinish(length: number, streamEnded: boolean): number {
  const text = "字".repeat(length);
  let shown = 0;
  let ticks = 0;
  while (shown < text.length) {
    shown = nextVisibleLength(text, shown, 10, streamEnded);
    ticks++;
  }
  return ticks;
}

describe("typing effect", () => {
  it("reveals one character per 10 ms tick while the backlog is small", () => {
    expect(charsPerTick(1, false)).toBe(1);
    expect(charsPerTick(TYPING_MAX_BACKLOG, false)).toBe(1);
    expect(nextVisibleLength("你好，世界", 0, 10, false)).toBe(1);
    expect(nextVisibleLength("你好，世界", 1, 10, false)).toBe(2);
    expect(ticksToFinish(150, false)).toBe(150);
  });

  it("catches up when more than 200 characters wait, keeping the lag near 200", () => {
    expect(charsPerTick(TYPING_MAX_BACKLOG + 1, false)).toBe(2);
    expect(charsPerTick(1200, false)).toBeGreaterThan(50);
    const text = "字".repeat(5000);
    let shown = 0;
    for (let i = 0; i < 60; i++) shown = nextVisibleLength(text, shown, 10, false);
    // 5000 characters arrived at once: within 0.6 s no more than ~210 are still waiting.
    expect(text.length - shown).toBeLessThanOrEqual(TYPING_MAX_BACKLOG + 10);
    expect(text.length - shown).toBeGreaterThan(0);
  });

  it("finishes quickly once the stream has ended", () => {
    expect(ticksToFinish(200, true)).toBeLessThanOrEqual(50);
    expect(ticksToFinish(3000, true)).toBeLessThanOrEqual(80);
    expect(ticksToFinish(1, true)).toBe(1);
  });

  it("counts a late timer as several ticks and never passes the end", () => {
    expect(nextVisibleLength("abcdefghij", 0, 50, false)).toBe(5);
    expect(nextVisibleLength("abc", 0, 1000, false)).toBe(3);
    expect(nextVisibleLength("abc", 3, 10, false)).toBe(3);
    expect(nextVisibleLength("abc", 9, 10, false)).toBe(3);
    expect(nextVisibleLength("", 0, 10, true)).toBe(0);
  });

  it("never stops inside a surrogate pair", () => {
    const text = "a😀b";
    expect(nextVisibleLength(text, 1, 10, false)).toBe(3);
    expect(text.slice(0, nextVisibleLength(text, 1, 10, false))).toBe("a😀");
  });
});
