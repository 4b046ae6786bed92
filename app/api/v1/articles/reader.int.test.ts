import { beforeAll, describe, expect, it } from "vitest";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { favorites, likes, readHistory, users } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { call } from "@/test/api";
import { GET as list } from "./route";
import { GET as search } from "./search/route";

let token = "";
let seeded = 0;
let userId = 0;

const get = (handler: typeof list, url: string, auth = true) => call(handler, url, { token: auth ? token : undefined });

beforeAll(async () => {
  const db = await getDb();
  seeded = await seedDemoArticles(db);
  const [u] = await db.insert(users).values({ accountName: "reader_marks" }).returning();
  userId = u.id;
  token = await signToken(u.id);
});

describe("article lists for a signed-in reader", () => {
  it("mark liked and favourited articles, without per-article calls", async () => {
    const first = (await get(list, "/api/v1/articles?limit=5")).body.data.items;
    const db = await getDb();
    await db.insert(likes).values({ userId, articleId: first[0].id });
    await db.insert(favorites).values({ userId, articleId: first[1].id });
    const items = (await get(list, "/api/v1/articles?limit=5")).body.data.items;
    expect(items.map((a: { is_liked: boolean }) => a.is_liked)).toEqual([true, false, false, false, false]);
    expect(items.map((a: { is_favorited: boolean }) => a.is_favorited)).toEqual([false, true, false, false, false]);
    // Visitors get neither field.
    expect(Object.keys((await get(list, "/api/v1/articles?limit=1", false)).body.data.items[0])).not.toContain("is_liked");
  });

  it("exclude_read hides read articles from the feed and search, and the total follows", async () => {
    const page = (await get(list, "/api/v1/articles?limit=3")).body.data;
    const read = page.items.slice(0, 2).map((a: { id: number }) => a.id);
    await (await getDb()).insert(readHistory).values(read.map((articleId: number) => ({ userId, articleId })));

    const plain = (await get(list, "/api/v1/articles?limit=50")).body.data;
    expect(plain.total).toBe(seeded);
    const unread = (await get(list, "/api/v1/articles?limit=50&exclude_read=true")).body.data;
    expect(unread.total).toBe(seeded - 2);
    expect(unread.items.map((a: { id: number }) => a.id)).not.toEqual(expect.arrayContaining([read[0]]));
    expect(unread.items.map((a: { id: number }) => a.id)).not.toEqual(expect.arrayContaining([read[1]]));

    const title = page.items[0].title as string;
    const keyword = encodeURIComponent(title);
    const found = (await get(search, `/api/v1/articles/search?keyword=${keyword}`)).body.data.items.map((a: { id: number }) => a.id);
    const foundUnread = (await get(search, `/api/v1/articles/search?keyword=${keyword}&exclude_read=true`)).body.data.items.map((a: { id: number }) => a.id);
    expect(found).toContain(read[0]);
    expect(foundUnread).not.toContain(read[0]);
  });

  it("ignores exclude_read for visitors", async () => {
    expect((await get(list, "/api/v1/articles?exclude_read=true", false)).body.data.total).toBe(seeded);
  });
});
