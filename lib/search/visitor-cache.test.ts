import { describe, expect, it } from "vitest";
import { COUNTERS_MAX_AGE_MS } from "@/lib/articles/version";
import { createVisitorSearchCache } from "./visitor-cache";

type P = { items: { title: string; content: string | null; summary: string | null }[]; n: number };

/** A search that counts how often it ran and answers its count. */
function counting() {
  let runs = 0;
  const search = async (): Promise<P> => ({ items: [{ title: "t", content: "c", summary: null }], n: ++runs });
  return { search, runs: () => runs };
}

describe("createVisitorSearchCache", () => {
  it("answers the same key at the same version from memory", async () => {
    const cache = createVisitorSearchCache<P>();
    const s = counting();
    expect((await cache.page("数据", 7, s.search)).n).toBe(1);
    expect((await cache.page("数据", 7, s.search)).n).toBe(1);
    expect(s.runs()).toBe(1);
    expect((await cache.page("经验", 7, s.search)).n).toBe(2);
  });

  it("searches again when the articles version moved, and keeps the newer page", async () => {
    const cache = createVisitorSearchCache<P>();
    const s = counting();
    await cache.page("数据", 7, s.search);
    expect((await cache.page("数据", 8, s.search)).n).toBe(2);
    expect((await cache.page("数据", 8, s.search)).n).toBe(2);
    // A search that started before the move and ends after it does not replace the newer page.
    const late = counting();
    await cache.page("数据", 6, async () => ({ ...(await late.search()), n: 99 }));
    expect((await cache.page("数据", 8, s.search)).n).toBe(2);
  });

  it("keeps a page for COUNTERS_MAX_AGE_MS at most", async () => {
    let now = 1_000_000;
    const cache = createVisitorSearchCache<P>({ now: () => now });
    const s = counting();
    await cache.page("数据", 7, s.search);
    now += COUNTERS_MAX_AGE_MS;
    expect((await cache.page("数据", 7, s.search)).n).toBe(1);
    now += 1;
    expect((await cache.page("数据", 7, s.search)).n).toBe(2);
  });

  it("does not keep a page `keep` refuses", async () => {
    const cache = createVisitorSearchCache<P>();
    const s = counting();
    await cache.page("数据", 7, s.search, () => false);
    expect((await cache.page("数据", 7, s.search)).n).toBe(2);
    expect(cache.size).toBe(1);
  });

  it("keeps the most recently asked pages within its count", async () => {
    const cache = createVisitorSearchCache<P>({ maxPages: 2 });
    const s = counting();
    await cache.page("a", 1, s.search);
    await cache.page("b", 1, s.search);
    await cache.page("a", 1, s.search);
    await cache.page("c", 1, s.search);
    expect(cache.size).toBe(2);
    expect((await cache.page("a", 1, s.search)).n).toBe(1);
    expect((await cache.page("b", 1, s.search)).n).toBe(4);
  });
});
