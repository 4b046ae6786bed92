// Which items a poll keeps: the newest `maxItems` by date whatever the order in the file (a podcast that
// lists its 730 episodes oldest first), items without a date after the dated ones in file order.
import { describe, expect, it } from "vitest";
import { MAX_FEED_ITEMS, parseFeed } from "./feed-parse";

const DAY = 86_400_000;
const FIRST = Date.UTC(2022, 0, 1, 12);
const episode = (n: number) => new Date(FIRST + n * DAY);

/** A podcast of `count` weekly-ish episodes, oldest first as many hosts list them. */
function podcast(count: number, extra = ""): string {
  const items = Array.from({ length: count }, (_, n) =>
    `<item><guid isPermaLink="false">ep-${n}</guid><title>第 ${n} 期</title><link>https://pod.example.cn/ep/${n}</link><pubDate>${episode(n).toUTCString()}</pubDate></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>慢慢聊</title>${items.join("")}${extra}</channel></rss>`;
}

describe("the items a poll keeps", () => {
  it(`keeps the newest ${MAX_FEED_ITEMS} by date from a feed listed oldest first, in file order`, () => {
    const feed = parseFeed(podcast(730), "https://pod.example.cn/feed");
    expect(feed.items).toHaveLength(MAX_FEED_ITEMS);
    expect(feed.items[0].guid).toBe("ep-530");
    expect(feed.items.at(-1)?.guid).toBe("ep-729");
  });

  it("keeps the whole back catalogue when the source asks for more", () => {
    const feed = parseFeed(podcast(730), "https://pod.example.cn/feed", { maxItems: 1000 });
    expect(feed.items).toHaveLength(730);
    expect(feed.items[0].guid).toBe("ep-0");
  });

  it("ranks items without a date after the dated ones, in file order, whatever their place", () => {
    const undated = ["a", "b", "c"].map((id) => `<item><guid>undated-${id}</guid><title>${id}</title></item>`).join("");
    const shuffled = `<rss version="2.0"><channel><title>乱序</title>
      <item><guid>undated-x</guid><title>x</title></item>
      <item><guid>d2</guid><title>二</title><pubDate>${episode(2).toUTCString()}</pubDate></item>
      <item><guid>d9</guid><title>九</title><pubDate>${episode(9).toUTCString()}</pubDate></item>
      <item><guid>d5</guid><title>五</title><pubDate>${episode(5).toUTCString()}</pubDate></item>
      ${undated}</channel></rss>`;
    const guids = (maxItems: number) => parseFeed(shuffled, "https://x.example.cn/", { maxItems }).items.map((i) => i.guid);
    expect(guids(2)).toEqual(["d9", "d5"]);
    expect(guids(4)).toEqual(["undated-x", "d2", "d9", "d5"]);
    expect(guids(5)).toEqual(["undated-x", "d2", "d9", "d5", "undated-a"]);
    expect(guids(20)).toHaveLength(7);
  });

  it("applies to Atom entries and JSON Feed items too", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
      <entry><id>old</id><title>旧</title><updated>2023-01-01T00:00:00Z</updated></entry>
      <entry><id>new</id><title>新</title><published>2024-01-01T00:00:00Z</published></entry></feed>`;
    expect(parseFeed(atom, "https://a.example.cn/", { maxItems: 1 }).items.map((i) => i.guid)).toEqual(["new"]);
    const json = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: "J",
      items: [
        { id: "old", url: "https://j.example.cn/1", date_published: "2023-01-01T00:00:00Z" },
        { id: "new", url: "https://j.example.cn/2", date_modified: "2024-01-01T00:00:00+08:00" },
      ],
    });
    expect(parseFeed(json, "https://j.example.cn/", { maxItems: 1 }).items.map((i) => i.guid)).toEqual(["new"]);
  });

  it("skips items with neither link nor guid without losing a place to them", () => {
    const feed = podcast(3, `<item><title>没有链接</title><pubDate>${episode(100).toUTCString()}</pubDate></item>`);
    expect(parseFeed(feed, "https://pod.example.cn/feed", { maxItems: 2 }).items.map((i) => i.guid)).toEqual(["ep-1", "ep-2"]);
  });
});
