// A visitor's page 1 of the feed from its cache: the same answer as the query, new and edited articles at
// once, counters at most COUNTERS_MAX_AGE_MS behind; signed-in readers always get the query's answer.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as list } from "@/app/api/v1/articles/route";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { getFeedPage } from "./service";
import { COUNTERS_MAX_AGE_MS } from "./version";
import { visitorFeedPage } from "./visitor-feed";

type Item = { id: number; title: string; like_cnt: number };

beforeAll(async () => {
  await seedDemoArticles(await getDb());
});

const uncached = async (limit: number) => getFeedPage({ query: { page: 1, limit, exclude_read: false } as never });

describe("a visitor's page 1", () => {
  it("answers exactly what the feed query answers, for each page size", async () => {
    for (const limit of [20, 5, 50]) {
      expect(JSON.parse(await visitorFeedPage(limit))).toEqual({ data: await uncached(limit) });
    }
    const res = await call(list, "/api/v1/articles?page=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.body).toEqual({ data: await uncached(20) });
  });

  it("shows a new article and an edited title on the next request", async () => {
    await visitorFeedPage(20);
    const db = await getDb();
    const [row] = await db.insert(articles).values({ title: "访客缓存后的新文章", content: "正文", sourceUrl: "https://example.com/visitor-feed/1", likeCnt: 100000 }).returning({ id: articles.id });
    const first = (await call(list, "/api/v1/articles?page=1")).body.data.items as Item[];
    expect(first[0]).toMatchObject({ id: row.id, title: "访客缓存后的新文章" });

    await db.update(articles).set({ title: "访客缓存后改过的标题" }).where(eq(articles.id, row.id));
    expect(((await call(list, "/api/v1/articles?page=1")).body.data.items as Item[])[0].title).toBe("访客缓存后改过的标题");
  });

  it("lets counters lag by at most COUNTERS_MAX_AGE_MS, while signed-in readers see them at once", async () => {
    const start = Date.now();
    const top = (JSON.parse(await visitorFeedPage(20, start)).data.items as Item[])[0];
    const db = await getDb();
    await db.update(articles).set({ likeCnt: top.like_cnt + 7 }).where(eq(articles.id, top.id));

    expect((JSON.parse(await visitorFeedPage(20, start + 1_000)).data.items as Item[])[0].like_cnt).toBe(top.like_cnt);
    const reader = await newUser("feedcache");
    const signedIn = (await call(list, "/api/v1/articles?page=1", { token: reader.token })).body.data.items as Item[];
    expect(signedIn.find((a) => a.id === top.id)?.like_cnt).toBe(top.like_cnt + 7);
    expect((JSON.parse(await visitorFeedPage(20, start + COUNTERS_MAX_AGE_MS + 1)).data.items as Item[])[0].like_cnt).toBe(top.like_cnt + 7);
  });

  it("still refuses page 2 to visitors", async () => {
    expect((await call(list, "/api/v1/articles?page=2")).status).toBe(401);
  });
});
