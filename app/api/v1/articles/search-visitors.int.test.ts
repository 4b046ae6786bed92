// Visitors' search pages kept in memory (lib/search/visitor-cache.ts), through the search API: what a crowd
// of visitors searching the same words no longer costs the database, and what still reaches them at once.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hideArticle } from "@/lib/admin/articles";
import { COUNTERS_MAX_AGE_MS } from "@/lib/articles/version";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { onSearch, type SearchEvent } from "@/lib/search/events";
import { keptSearches } from "@/lib/search/kept-answer-slot";
import { searchFieldsFor } from "@/lib/search/text";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { GET as search } from "./search/route";

type Item = { id: number; title: string; like_cnt: number };
const find = async (keyword: string, token?: string) => {
  const res = await call(search, `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.items as Item[];
};
let seq = 0;
async function addArticle(title: string) {
  const content = `${title}的正文。`;
  const [row] = await (await getDb())
    .insert(articles)
    .values({ title, content, sourceUrl: `https://example.com/visitors/${++seq}`, ...searchFieldsFor({ title, content }) })
    .returning({ id: articles.id });
  return row.id;
}
/** A like counted behind the search's back: counters do not move the articles version. */
const addLikes = async (id: number, n: number) => {
  const db = await getDb();
  const [row] = await db.select({ likes: articles.likeCnt }).from(articles).where(eq(articles.id, id));
  await db.update(articles).set({ likeCnt: row.likes + n }).where(eq(articles.id, id));
};

let token: string;
beforeAll(async () => {
  token = (await newUser("visitors")).token;
});
afterEach(() => vi.useRealTimers());

describe("visitors' search pages", () => {
  it("answer a second identical search from memory (the page is not read again); a signed-in reader's never", async () => {
    const id = await addArticle("琥珀蜜蜡的鉴别方法");
    const first = await find("琥珀蜜蜡");
    expect(first.map((a) => a.id)).toContain(id);
    const likes = first.find((a) => a.id === id)!.like_cnt;
    await addLikes(id, 5);
    expect((await find("琥珀蜜蜡")).find((a) => a.id === id)!.like_cnt).toBe(likes);
    expect((await find("琥珀蜜蜡", token)).find((a) => a.id === id)!.like_cnt).toBe(likes + 5);
  });

  it("show a new article to the next visitor at once", async () => {
    await addArticle("青瓷开片的成因");
    expect(await find("青瓷开片")).toHaveLength(1);
    const added = await addArticle("青瓷开片与釉层厚度");
    expect((await find("青瓷开片")).map((a) => a.id)).toContain(added);
  });

  it("leave out an article the moment an operator hides it", async () => {
    const id = await addArticle("漆器髹饰的工序");
    expect((await find("漆器髹饰")).map((a) => a.id)).toContain(id);
    await hideArticle({ db: await getDb(), actor: { id: null, name: "test" }, id });
    expect((await find("漆器髹饰")).map((a) => a.id)).not.toContain(id);
  });

  it("show counters at most COUNTERS_MAX_AGE_MS old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const id = await addArticle("景泰蓝掐丝的要领");
    const likes = (await find("景泰蓝掐丝")).find((a) => a.id === id)!.like_cnt;
    await addLikes(id, 3);
    vi.setSystemTime(Date.now() + COUNTERS_MAX_AGE_MS);
    expect((await find("景泰蓝掐丝")).find((a) => a.id === id)!.like_cnt).toBe(likes);
    vi.setSystemTime(Date.now() + 1);
    expect((await find("景泰蓝掐丝")).find((a) => a.id === id)!.like_cnt).toBe(likes + 3);
  });
});

// What the server's front door (lib/server/kept-searches.ts) answers before Next.js: the route's own body for
// a kept, current page, and nothing (the route answers) for anything else.
describe("visitors' kept search pages at the front door", () => {
  const params = (query: string) => new URLSearchParams(query);
  const lookup = (query: string) => keptSearches()!.lookup(params(query));

  it("answer with the route's body and mode, counted as a search, once the route has kept the page", async () => {
    await addArticle("缂丝织造的通经断纬");
    const q = `keyword=${encodeURIComponent("缂丝织造")}`;
    expect(await lookup(q)).toBeNull(); // not kept yet: the route answers
    const res = await call(search, `/api/v1/articles/search?${q}`);
    const counted: SearchEvent[] = [];
    const stop = onSearch("kept-search-test", (e) => counted.push(e));
    try {
      const kept = await lookup(q);
      expect(kept).not.toBeNull();
      expect(JSON.parse(kept!.json)).toEqual(res.body);
      expect(kept!.mode).toBe(res.headers.get("x-search-mode"));
      expect(await lookup(`${q}&page=1&limit=20`)).toBe(kept); // the same page: its JSON made once
      expect(counted).toEqual([
        { keyword: "缂丝织造", results: res.body.data.total, page: 1 },
        { keyword: "缂丝织造", results: res.body.data.total, page: 1 },
      ]);
    } finally {
      stop();
    }
  });

  it("leave to the route what a visitor may not get from memory: page 2, bad parameters, another page size, a stale page", async () => {
    await addArticle("錾刻银器的起线");
    const q = `keyword=${encodeURIComponent("錾刻银器")}`;
    await call(search, `/api/v1/articles/search?${q}`);
    expect(await lookup(q)).not.toBeNull();
    for (const other of [`${q}&page=2`, `${q}&limit=5`, `${q}&page=0`, "keyword=", `${q}&exclude_read=maybe`]) expect(await lookup(other), other).toBeNull();
    await addArticle("錾刻银器的落款"); // the articles version moves
    expect(await lookup(q)).toBeNull();
  });
});
