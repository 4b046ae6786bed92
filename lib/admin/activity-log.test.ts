import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { chinaDay, lastChinaDays } from "@/lib/china-time";
import { flushSearchLog, normalizeKeyword, noteChatQuestion, noteSearch, pendingActivity } from "./activity-log";

/** A database whose writes record their rows, or fail. */
function fakeDb({ fail = false } = {}) {
  const written: unknown[][] = [];
  const db = {
    insert: () => ({
      values: (rows: unknown[]) => ({
        onConflictDoUpdate: async () => {
          if (fail) throw new Error("connection refused");
          written.push(rows);
        },
      }),
    }),
  } as unknown as Db;
  return { db, written };
}

afterEach(async () => {
  await flushSearchLog({ db: fakeDb().db }); // leaves nothing for the next test
});

describe("normalizeKeyword", () => {
  it.each([
    ["  Rust  ", "rust"],
    ["Next.JS\t  教程\n入门", "next.js 教程 入门"],
    ["   ", ""],
    ["字".repeat(120), "字".repeat(100)],
    ["😀".repeat(101), "😀".repeat(100)],
  ])("%j → %j", (input, expected) => {
    expect(normalizeKeyword(input)).toBe(expected);
  });
});

describe("chinaDay", () => {
  it("files an instant under its China-time day", () => {
    expect(chinaDay(new Date("2025-03-04T15:59:59Z"))).toBe("2025-03-04");
    expect(chinaDay(new Date("2025-03-04T16:00:00Z"))).toBe("2025-03-05");
  });

  it("lists the last days ending today, oldest first", () => {
    expect(lastChinaDays(new Date("2025-03-01T17:00:00Z"), 3)).toEqual(["2025-02-28", "2025-03-01", "2025-03-02"]);
  });
});

describe("the in-memory tallies", () => {
  it("counts the same keyword once per day however it is written, keeping the last result count", async () => {
    const now = new Date("2025-03-05T02:00:00Z");
    noteSearch({ keyword: "Rust", results: 4, now });
    noteSearch({ keyword: "  rust ", results: 2, now });
    noteSearch({ keyword: "RUST", results: 0, now });
    noteSearch({ keyword: "rust", results: 9, now: new Date("2025-03-05T17:00:00Z") }); // the next day in China
    expect(pendingActivity().searches).toBe(2);
    const { db, written } = fakeDb();
    await flushSearchLog({ db });
    expect(written.flat()).toEqual([
      { day: "2025-03-05", keyword: "rust", searches: 3, results: 0 },
      { day: "2025-03-06", keyword: "rust", searches: 1, results: 9 },
    ]);
    expect(pendingActivity()).toEqual({ searches: 0, counters: 0 });
  });

  it("counts page 1 only, and nothing for an empty keyword", () => {
    noteSearch({ keyword: "rust", results: 3, page: 2 });
    noteSearch({ keyword: "   ", results: 0 });
    expect(pendingActivity().searches).toBe(0);
  });

  it("keeps what a failed write could not store for the next flush", async () => {
    const now = new Date("2025-03-05T02:00:00Z");
    noteSearch({ keyword: "go", results: 1, now });
    noteChatQuestion(now);
    await expect(flushSearchLog({ db: fakeDb({ fail: true }).db })).rejects.toThrow("connection refused");
    noteSearch({ keyword: "go", results: 5, now });
    noteChatQuestion(now);
    const { db, written } = fakeDb();
    await flushSearchLog({ db });
    expect(written).toEqual([[{ day: "2025-03-05", keyword: "go", searches: 2, results: 5 }], [{ day: "2025-03-05", name: "chat_questions", value: 2 }]]);
  });

  it("stores no one: a tally holds the day, the keyword and two numbers", async () => {
    noteSearch({ keyword: "rust", results: 1 });
    const { db, written } = fakeDb();
    await flushSearchLog({ db });
    expect(Object.keys(written[0][0] as object).sort()).toEqual(["day", "keyword", "results", "searches"]);
  });
});
