import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { GET as search } from "@/app/api/v1/articles/search/route";
import { POST as chat } from "@/app/api/v1/chat/route";
import { getDb } from "@/lib/db";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { CHAT_QUESTIONS, flushSearchLog, noteSearch, tallySearches } from "./activity-log";
import { chinaDay } from "@/lib/china-time";

type LogRow = { day: string; keyword: string; searches: number; results: number };

const logRows = async () =>
  (await (await getDb()).execute<LogRow>(sql`select day::text as day, keyword, searches, results from search_log order by day, keyword`)).rows;
const find = (keyword: string, qs = "", token?: string) => call(search, `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}${qs}`, { token });

beforeAll(async () => {
  tallySearches(); // as the server's start-up does (lib/server/start.ts → startActivityLog)
  await seedDemoArticles(await getDb());
});

beforeEach(async () => {
  await flushSearchLog();
  const db = await getDb();
  await db.execute(sql`delete from search_log`);
  await db.execute(sql`delete from daily_counters`);
});

describe("search logging", () => {
  it("writes N searches of one keyword as one row with searches = N, and adds on the next flush", async () => {
    const day = chinaDay(new Date());
    for (let i = 0; i < 7; i++) noteSearch({ keyword: i % 2 ? "  Rust 入门 " : "rust   入门", results: 3 });
    expect(await logRows()).toEqual([]); // nothing written before the flush
    await flushSearchLog();
    expect(await logRows()).toEqual([{ day, keyword: "rust 入门", searches: 7, results: 3 }]);
    noteSearch({ keyword: "RUST 入门", results: 0 });
    await flushSearchLog();
    expect(await logRows()).toEqual([{ day, keyword: "rust 入门", searches: 8, results: 0 }]);
  });

  it("counts a search through GET /api/v1/articles/search with its result count, zero included", async () => {
    const day = chinaDay(new Date());
    const found = await find("洱海");
    expect(found.status).toBe(200);
    const total = found.body.data.total;
    expect(total).toBeGreaterThan(0);
    expect((await find("不存在的关键词xyz")).body.data.total).toBe(0);
    await find("洱海");
    await flushSearchLog();
    expect(await logRows()).toEqual([
      { day, keyword: "不存在的关键词xyz", searches: 1, results: 0 },
      { day, keyword: "洱海", searches: 2, results: total },
    ]);
  });

  it("counts a reader paging through results once, and a refused search not at all", async () => {
    const reader = await newUser("searcher");
    await find("洱海", "&limit=1", reader.token);
    expect((await find("洱海", "&page=2&limit=1", reader.token)).status).toBe(200);
    expect((await find("洱海", "&page=2")).status).toBe(401); // a visitor's page 2
    expect((await find("  ")).status).toBe(400);
    await flushSearchLog();
    expect((await logRows()).map((r) => [r.keyword, r.searches])).toEqual([["洱海", 1]]);
  });

  it("keeps no user id or address: the tables hold days, keywords, names and numbers only", async () => {
    const reader = await newUser("privacy");
    await call(search, `/api/v1/articles/search?keyword=${encodeURIComponent("洱海")}`, { token: reader.token, peer: "203.0.113.9" });
    await flushSearchLog();
    const columns = (
      await (await getDb()).execute<{ table_name: string; column_name: string }>(
        sql`select table_name, column_name from information_schema.columns
            where table_schema = current_schema() and table_name in ('search_log', 'daily_counters') order by table_name, ordinal_position`,
      )
    ).rows.map((r) => `${r.table_name}.${r.column_name}`);
    expect(columns).toEqual(["daily_counters.day", "daily_counters.name", "daily_counters.value", "search_log.day", "search_log.keyword", "search_log.searches", "search_log.results"]);
    const stored = JSON.stringify(await logRows());
    expect(stored).not.toContain("203.0.113.9");
    expect(stored).not.toContain(`"${reader.id}"`);
  });
});

describe("chat questions", () => {
  it("counts each question through POST /api/v1/chat per day", async () => {
    const day = chinaDay(new Date());
    for (let i = 0; i < 3; i++) {
      const res = await call(chat, "/api/v1/chat", { json: { message: "洱海", history: [] }, peer: `198.51.100.${i}` });
      expect(res.status).toBe(200);
    }
    expect((await call(chat, "/api/v1/chat", { json: { message: "" } })).status).toBe(400); // not a question
    await flushSearchLog();
    const rows = (await (await getDb()).execute<{ day: string; name: string; value: number }>(sql`select day::text as day, name, value from daily_counters`)).rows;
    expect(rows).toEqual([{ day, name: CHAT_QUESTIONS, value: 3 }]);
  });
});
