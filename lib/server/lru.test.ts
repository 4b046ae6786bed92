import { describe, expect, it } from "vitest";
import { createLru } from "./lru";

const lru = (maxEntries: number, maxBytes: number) => createLru<number, string>({ maxEntries, maxBytes, sizeOf: (v) => v.length });

describe("LRU bounded by count and size", () => {
  it("drops the least recently used entry beyond the count", () => {
    const cache = lru(2, 100);
    cache.set(1, "a");
    cache.set(2, "b");
    expect(cache.get(1)).toBe("a"); // 2 is now the least recently used
    cache.set(3, "c");
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(["a", undefined, "c"]);
    expect(cache.size).toBe(2);
  });

  it("drops as many old entries as the size budget needs, and counts a replaced entry once", () => {
    const cache = lru(10, 10);
    cache.set(1, "xxxx");
    cache.set(2, "xxxx");
    cache.set(2, "yyyy");
    expect(cache.bytes).toBe(8);
    cache.set(3, "zzzzzzzz");
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual([undefined, undefined, "zzzzzzzz"]);
    expect(cache.bytes).toBe(8);
  });

  it("keeps nothing larger than the whole budget, and forgets what is deleted", () => {
    const cache = lru(10, 5);
    cache.set(1, "abc");
    cache.set(2, "toolarge");
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe("abc");
    cache.delete(1);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
