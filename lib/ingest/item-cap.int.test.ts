// The items a poll keeps, per source: the newest `max_items` by date (a podcast listed oldest first keeps
// its latest episodes), and raising the setting makes the next poll collect the back catalogue.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles, feedSources } from "@/lib/db/schema";
import { startFeedServer, type FeedServer } from "@/test/feed-server";
import { pollDue } from "./scheduler";
import { addSource, SourceError, updateSource } from "./sources";

let feeds: FeedServer;

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());
beforeEach(async () => {
  const db = await getDb();
  await db.delete(articles);
  await db.delete(feedSources);
});

async function poll(id: number) {
  return (await pollDue({ db: await getDb(), concurrency: 1, ids: [id] }))[0];
}

async function guidsOf(id: number) {
  const rows = await (await getDb()).select({ guid: articles.guid }).from(articles).where(eq(articles.feedSourceId, id));
  return rows.map((r) => Number(r.guid!.slice(4))).sort((a, b) => a - b);
}

describe("items per poll", () => {
  it("keeps the newest max_items by date; raising it makes the next poll collect the rest, not a 304", async () => {
    const db = await getDb();
    const { source } = await addSource({ db, url: `${feeds.url}/podcast.xml?episodes=40`, allowPrivate: true, maxItems: 15 });
    expect(source.maxItems).toBe(15);
    expect(await poll(source.id)).toMatchObject({ status: "updated", added: 15 });
    expect(await guidsOf(source.id)).toEqual(Array.from({ length: 15 }, (_, i) => 26 + i)); // episodes 26–40

    // Lowering keeps the ETag: nothing new to read.
    const lowered = await updateSource({ db, ref: String(source.id), maxItems: 10 });
    expect(lowered).toMatchObject({ maxItems: 10, etag: '"pod-40"' });
    expect(await poll(source.id)).toMatchObject({ status: "not_modified" });

    const raised = await updateSource({ db, ref: `${feeds.url}/podcast.xml?episodes=40`, maxItems: 100 });
    expect(raised).toMatchObject({ maxItems: 100, etag: null, lastModified: null });
    expect(await poll(source.id)).toMatchObject({ status: "updated", added: 25, duplicates: 15 });
    expect(feeds.requests.at(-1)).toMatchObject({ path: "/podcast.xml", ifNoneMatch: null });
    expect(await guidsOf(source.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it("collects a 730-episode back catalogue in one poll when asked", { timeout: 120_000 }, async () => {
    const db = await getDb();
    const { source } = await addSource({ db, url: `${feeds.url}/podcast.xml?episodes=730`, allowPrivate: true });
    expect(source.maxItems).toBe(200);
    expect(await poll(source.id)).toMatchObject({ status: "updated", added: 200 });
    expect((await guidsOf(source.id))[0]).toBe(531);
    await updateSource({ db, ref: String(source.id), maxItems: 1000 });
    expect(await poll(source.id)).toMatchObject({ status: "updated", added: 530, duplicates: 200 });
    expect(await guidsOf(source.id)).toHaveLength(730);
  });

  it.each([0, -1, 5001, 2.5, Number.NaN])("refuses max_items %s with a Chinese error", async (maxItems) => {
    const db = await getDb();
    const message = `每次抓取的条数需要是 1 到 5000 之间的整数（当前：${maxItems}）`;
    await expect(addSource({ db, url: "https://pod.example.cn/feed", maxItems })).rejects.toThrow(new SourceError(message));
    const { source } = await addSource({ db, url: "https://pod.example.cn/feed" });
    await expect(updateSource({ db, ref: String(source.id), maxItems })).rejects.toThrow(message);
    expect(await updateSource({ db, ref: "999999", maxItems: 10 })).toBeNull();
  });
});
