import { describe, expect, it } from "vitest";
import { composeFirstPage, DISCOVERY_SHARE, SOURCE_MAX, type Candidate } from "./compose";

/** Rows for ids: hotter for a higher id, each of its own source and title unless told. */
function rows(ids: number[], over: Record<number, Partial<Candidate>> = {}): Map<number, Candidate> {
  return new Map(ids.map((id) => [id, { id, title: `标题 ${id}`, hot: id, source: `author ${id}`, words: [], ...over[id] }]));
}
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const reasons = (page: { reason: { kind: string; label?: string } }[]) => page.map((p) => (p.reason.kind === "hot" ? "hot" : p.reason.label));

describe("composeFirstPage", () => {
  const sleep = range(100, 12).reverse(); // hottest first
  const db = range(200, 12).reverse();
  const hot = range(900, 30).reverse();
  const all = rows([...sleep, ...db, ...hot]);

  it("gives a quarter of the places to the hot order and shares the rest by weight", () => {
    const page = composeFirstPage(20, [{ term: "睡眠", weight: 9, ids: sleep }, { term: "数据库", weight: 3, ids: db }], hot, all);
    expect(page).toHaveLength(20);
    const count = (r: string) => reasons(page).filter((x) => x === r).length;
    expect(count("hot")).toBe(Math.round(20 * DISCOVERY_SHARE));
    expect(count("睡眠")).toBeGreaterThan(count("数据库"));
    expect(count("数据库")).toBeGreaterThanOrEqual(3); // every interest gets its turns
    // A hot article every fourth place; interests' articles hottest first between them.
    expect(reasons(page).map((r, i) => (i % 4 === 3 ? r === "hot" : r !== "hot")).every(Boolean)).toBe(true);
    const personal = page.filter((p) => p.reason.kind === "interest").map((p) => all.get(p.id)!.hot);
    expect(personal).toEqual([...personal].sort((a, b) => b - a));
  });

  it("shows an identical title once and one source at most SOURCE_MAX times", () => {
    const same = rows([...sleep, ...hot], { 111: { title: "同一篇：上" }, 110: { title: " 同一篇 上！" }, 109: { source: "feed 1" }, 108: { source: "feed 1" }, 107: { source: "feed 1" }, 106: { source: "feed 1" } });
    const page = composeFirstPage(12, [{ term: "睡眠", weight: 1, ids: sleep }], hot, same);
    const ids = page.map((p) => p.id);
    expect(ids.filter((id) => id === 111 || id === 110)).toHaveLength(1);
    expect(ids.filter((id) => same.get(id)!.source === "feed 1")).toHaveLength(SOURCE_MAX);
  });

  it("takes discovery about other things: not the interests' words, not another discovery article's words", () => {
    const over = { 929: { words: ["睡眠"] }, 928: { words: ["跑步", "配速"] }, 927: { words: ["配速"] }, 926: { words: ["黑洞"] }, 925: { words: ["跑步"] } };
    const page = composeFirstPage(8, [{ term: "睡眠", weight: 1, ids: sleep }], hot, rows([...sleep, ...hot], over));
    expect(page.filter((p) => p.reason.kind === "hot").map((p) => p.id)).toEqual([928, 926]); // 929: 睡眠; 927 and 925 share 928's words
    // When the hot order holds nothing else, discovery is the hot order as it is.
    const same = Object.fromEntries(hot.map((id) => [id, { words: ["睡眠"] }]));
    const plain = composeFirstPage(8, [{ term: "睡眠", weight: 1, ids: sleep }], hot, rows([...sleep, ...hot], same));
    expect(plain.filter((p) => p.reason.kind === "hot").map((p) => p.id)).toEqual([929, 928]);
  });

  it("fills with the hot order when the interests run out, and never repeats an article", () => {
    const page = composeFirstPage(20, [{ term: "睡眠", weight: 1, ids: [100, 101, 901] }], hot, all);
    expect(page).toHaveLength(20);
    expect(new Set(page.map((p) => p.id)).size).toBe(20);
    expect(reasons(page).filter((r) => r === "睡眠")).toHaveLength(3);
  });

  it("the reader's neighbours count as a group with their own reason", () => {
    const near = range(300, 12).reverse();
    const page = composeFirstPage(12, [{ term: "睡眠", weight: 2, ids: sleep }, { term: "", weight: 1, ids: near, reason: { kind: "similar" } }], hot, rows([...sleep, ...near, ...hot]));
    const similar = page.filter((p) => p.reason.kind === "similar").map((p) => p.id);
    expect(similar.length).toBeGreaterThanOrEqual(2);
    expect(similar.every((id) => near.includes(id))).toBe(true);
  });

  it("a single place goes to the strongest interest", () => {
    expect(reasons(composeFirstPage(1, [{ term: "睡眠", weight: 1, ids: sleep }], hot, all))).toEqual(["睡眠"]);
    expect(composeFirstPage(0, [{ term: "睡眠", weight: 1, ids: sleep }], hot, all)).toEqual([]);
  });
});
