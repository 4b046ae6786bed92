import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { podcastEnclosures } from "./rss";

const feed = readFileSync(new URL("./fixtures/podcast.xml", import.meta.url), "utf8");

describe("podcastEnclosures", () => {
  it("lists items with enclosures in feed order", () => {
    expect(podcastEnclosures(feed, "https://podcast.example.cn/feed.xml")).toEqual([
      {
        title: "第 42 期：《长安的荔枝》与古代物流",
        url: "https://media.example.cn/ep42.mp3",
        type: "audio/mpeg",
        pubDate: "2024-03-05T12:00:00.000Z",
      },
      {
        title: "第 41 期：读书笔记怎么做 & 怎么用",
        url: "https://media.example.cn/ep41.m4a",
        type: "audio/x-m4a",
        pubDate: "2024-02-27T12:00:00.000Z",
      },
      { title: "第 39 期：视频版", url: "https://podcast.example.cn/video/ep39.mp4", type: "video/mp4", pubDate: null },
    ]);
  });

  it("skips relative enclosures when no feed URL is given", () => {
    expect(podcastEnclosures(feed).map((e) => e.url)).toEqual([
      "https://media.example.cn/ep42.mp3",
      "https://media.example.cn/ep41.m4a",
    ]);
  });

  it("returns nothing for a feed without items or for junk", () => {
    expect(podcastEnclosures('<?xml version="1.0"?><rss version="2.0"><channel><title>空</title></channel></rss>')).toEqual([]);
    expect(podcastEnclosures("not xml at all")).toEqual([]);
  });
});
