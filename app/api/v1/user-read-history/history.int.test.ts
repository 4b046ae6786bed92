import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { newArticles, newUser } from "@/test/users";
import { getDb } from "@/lib/db";
import { articles, readHistory } from "@/lib/db/schema";
import { listHistory } from "@/lib/interactions/history";
import { historyQuery } from "@/lib/interactions/schema";
import { POST as favorite } from "@/app/api/v1/favorites/route";
import { POST as record } from "./record/route";
import { GET as mine } from "./my-history/route";
import { DELETE as removeOne } from "./[id]/route";
import { DELETE as clearAll } from "./clear-all/route";

const read = (token: string, articleId: number) => call(record, "/api/v1/user-read-history/record", { json: { article_id: articleId }, token });
const history = (token: string, qs = "") => call(mine, `/api/v1/user-read-history/my-history${qs}`, { token });
const viewsOf = async (id: number) => (await (await getDb()).select().from(articles).where(eq(articles.id, id)))[0].viewCnt;

describe("reading history", () => {
  it("records a read, and a re-read moves it to the top and counts another view", async () => {
    const a = await newUser();
    const [x, y] = await newArticles(2);
    const first = await read(a.token, x.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ read_times: 1, view_cnt: 1 });
    await read(a.token, y.id);
    expect((await history(a.token)).body.items.map((r: { article: { id: number } }) => r.article.id)).toEqual([y.id, x.id]);
    expect((await read(a.token, x.id)).body.data).toMatchObject({ id: first.body.data.id, read_times: 2, view_cnt: 2 });
    const after = (await history(a.token)).body;
    expect(after.total).toBe(2);
    expect(after.items.map((r: { article: { id: number } }) => r.article.id)).toEqual([x.id, y.id]);
    expect(await viewsOf(x.id)).toBe(2);
  });

  it("carries is_favorited on each record's article", async () => {
    const a = await newUser();
    const [x, y] = await newArticles(2);
    await read(a.token, x.id);
    await read(a.token, y.id);
    await call(favorite, "/api/v1/favorites", { json: { article_id: x.id }, token: a.token });
    const items = (await history(a.token)).body.items as { article: { id: number; is_favorited: boolean } }[];
    expect(Object.fromEntries(items.map((r) => [r.article.id, r.article.is_favorited]))).toEqual({ [x.id]: true, [y.id]: false });
  });

  it("answers 404 for an unknown article and 400 for a bad body", async () => {
    const a = await newUser();
    expect((await read(a.token, 99_999_999)).status).toBe(404);
    expect((await call(record, "/api/v1/user-read-history/record", { json: {}, token: a.token })).status).toBe(400);
    expect((await call(record, "/api/v1/user-read-history/record", { json: { article_id: 1 } })).status).toBe(401);
    expect((await history(a.token, "?time_filter=year")).status).toBe(400);
  });

  it("filters by whole days in China time (fixed clock)", async () => {
    const a = await newUser();
    const arts = await newArticles(6);
    const db = await getDb();
    // now = 2026-11-23 00:30 in Shanghai (2026-11-22 16:30 UTC)
    const now = new Date("2026-11-22T16:30:00Z");
    const at = (iso: string, i: number) => ({ userId: a.id, articleId: arts[i].id, readAt: new Date(iso) });
    await db.insert(readHistory).values([
      at("2026-11-22T16:00:00Z", 0), // 00:00 today in Shanghai: today
      at("2026-11-22T15:59:59Z", 1), // 23:59:59 yesterday: not today, within the week
      at("2026-11-16T16:00:00Z", 2), // 00:00 six days ago: first day of the week
      at("2026-11-16T15:59:59Z", 3), // the evening before: outside the week, within the month
      at("2026-10-24T16:00:00Z", 4), // 00:00 29 days ago: first day of the month
      at("2026-10-24T15:59:59Z", 5), // outside the month
    ]);
    const ids = async (filter: string) =>
      (await listHistory({ db, userId: a.id, query: historyQuery.parse({ time_filter: filter }), now })).items.map((r) => arts.findIndex((x) => x.id === r.article.id));
    expect(await ids("today")).toEqual([0]);
    expect(await ids("week")).toEqual([0, 1, 2]);
    expect(await ids("month")).toEqual([0, 1, 2, 3, 4]);
    expect(await ids("all")).toEqual([0, 1, 2, 3, 4, 5]);
    const today = await listHistory({ db, userId: a.id, query: historyQuery.parse({ time_filter: "today" }), now });
    expect(today.total).toBe(1);
  });

  it("pages by 20", async () => {
    const a = await newUser();
    const arts = await newArticles(23);
    const db = await getDb();
    await db.insert(readHistory).values(arts.map((x, i) => ({ userId: a.id, articleId: x.id, readAt: new Date(Date.now() - i * 1000) })));
    const p1 = (await history(a.token)).body;
    const p2 = (await history(a.token, "?page=2")).body;
    expect([p1.items.length, p2.items.length, p1.total]).toEqual([20, 3, 23]);
    expect(new Set([...p1.items, ...p2.items].map((r: { id: number }) => r.id)).size).toBe(23);
  });

  it("removes one of the caller's records; another user's record is not found and stays", async () => {
    const a = await newUser();
    const b = await newUser();
    const [x] = await newArticles(1);
    const mineId = (await read(a.token, x.id)).body.data.id;
    const del = (token: string, id: number | string) => call(removeOne, `/api/v1/user-read-history/${id}`, { method: "DELETE", token, params: { id: String(id) } });
    expect((await del(b.token, mineId)).status).toBe(404);
    expect((await history(a.token)).body.total).toBe(1);
    expect((await del(a.token, mineId)).body).toEqual({ data: { id: mineId } });
    expect((await history(a.token)).body.total).toBe(0);
    expect((await del(a.token, mineId)).status).toBe(404);
    expect((await del(a.token, "x1")).status).toBe(400);
  });

  it("clear-all empties only the caller's history", async () => {
    const a = await newUser();
    const b = await newUser();
    const arts = await newArticles(3);
    for (const x of arts) await read(a.token, x.id);
    await read(b.token, arts[0].id);
    const res = await call(clearAll, "/api/v1/user-read-history/clear-all", { method: "DELETE", token: a.token });
    expect(res.body).toEqual({ data: { deleted: 3 } });
    expect((await history(a.token)).body.total).toBe(0);
    expect((await history(b.token)).body.total).toBe(1);
    expect((await call(clearAll, "/api/v1/user-read-history/clear-all", { method: "DELETE" })).status).toBe(401);
  });
});
