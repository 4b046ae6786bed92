// Media RSS descriptions as item bodies: YouTube channel feeds (Atom with media:group) and RSS photo feeds.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFeed } from "./feed-parse";
import { htmlToMarkdown } from "./html-markdown";
import { textToHtml } from "./text";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseFeed: a YouTube channel feed", () => {
  const feed = parseFeed(fixture("youtube-channel.xml"), "https://www.youtube.com/feeds/videos.xml?channel_id=UCshiyueKitchen0000000000");
  const [video, noLink] = feed.items;

  it("takes the media:group description as the body, the thumbnail as cover and the watch page as link", () => {
    expect(feed).toMatchObject({ kind: "atom", title: "山野厨房 Mountain Kitchen", siteUrl: "https://www.youtube.com/channel/UCshiyueKitchen0000000000" });
    expect(video).toMatchObject({
      guid: "yt:video:Kq3vT9xLm2A",
      url: "https://www.youtube.com/watch?v=Kq3vT9xLm2A",
      title: "用柴火灶做一锅梅干菜扣肉 | Braised pork with preserved greens",
      cover: "https://i2.ytimg.com/vi/Kq3vT9xLm2A/hqdefault.jpg",
      author: "山野厨房 Mountain Kitchen",
      publishedAt: new Date("2024-03-09T11:00:06Z"),
    });
    expect(video.html).toContain("梅干菜要提前泡两个小时，五花肉先煮后炸，最后上锅蒸一个半小时。<br>Soak the preserved greens");
    expect(video.html).toContain('<a href="https://kitchen.example.com/recipes/meigancai-kourou?ref=yt">');
  });

  it("builds the watch link from yt:videoId when an entry has no alternate link", () => {
    expect(noLink).toMatchObject({ url: "https://www.youtube.com/watch?v=Zr8wQ4nPb7C", cover: "https://i3.ytimg.com/vi/Zr8wQ4nPb7C/hqdefault.jpg" });
    expect(noLink.html).toBe("<p>上山挖笋，回家做油焖笋。</p>");
  });

  it("renders the description as markdown: line breaks, paragraphs, links, literal text", () => {
    const { markdown, summary } = htmlToMarkdown(video.html!, video.url!);
    expect(markdown).toBe(
      [
        "梅干菜要提前泡两个小时，五花肉先煮后炸，最后上锅蒸一个半小时。\\",
        "Soak the preserved greens for two hours; boil, fry, then steam the pork belly.",
        "",
        "食材清单 Ingredients: [https://kitchen.example.com/recipes/meigancai-kourou?ref=yt](https://kitchen.example.com/recipes/meigancai-kourou?ref=yt)\\",
        "上一期：[https://www.youtube.com/watch?v=Pp0aB1cD2eF](https://www.youtube.com/watch?v=Pp0aB1cD2eF)。",
        "",
        "\\#家常菜 #柴火灶 \\<不是标签\\>",
      ].join("\n"),
    );
    expect(summary).toContain("梅干菜要提前泡两个小时");
  });
});

describe("parseFeed: Media RSS descriptions in RSS", () => {
  const feed = parseFeed(fixture("media-description.xml"), "https://photo.example.cn/rss");

  it("reads media:content/media:description type=html as HTML, relative links made absolute", () => {
    expect(feed.items[0]).toMatchObject({ cover: "https://img.example.cn/works/301.jpg" });
    expect(feed.items[0].html).toBe('<p>拍摄于傍晚，<a href="https://photo.example.cn/people/lin">林默</a>用了三十秒的长曝光。</p>');
  });

  it("reads an item's own plain media:description with its line break and link", () => {
    expect(feed.items[1].html).toBe('<p>城墙根下晒太阳的猫。<br>器材：<a href="https://photo.example.cn/gear/x100">https://photo.example.cn/gear/x100</a> (富士)</p>');
  });

  it("prefers the item's description to the media description", () => {
    expect(feed.items[2].html).toBe("正文写在 description 里。");
  });
});

describe("parseFeed: audio and video (podcasts)", () => {
  const rss = `<?xml version="1.0"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>慢慢读书会</title>
<item><title>第 42 期</title><guid>ep42</guid>
  <enclosure url="https://media.example.cn/ep42.mp3" length="35120000" type="audio/mpeg"/>
  <enclosure url="https://media.example.cn/ep42.jpg" type="image/jpeg"/>
  <enclosure url="https://media.example.cn/ep42.pdf" type="application/pdf"/></item>
<item><title>第 41 期</title><guid>ep41</guid><enclosure url="/audio/ep41.m4a" type="application/octet-stream"/></item>
<item><title>第 40 期：只有文字的番外</title><guid>ep40</guid><description>这一期没有音频。</description></item>
<item><title>第 39 期：视频版</title><guid>ep39</guid>
  <media:content url="https://media.example.cn/ep39.mp4" medium="video"/>
  <media:content url="https://media.example.cn/ep39.mp4" type="video/mp4"/>
  <media:content url="https://media.example.cn/ep39-cover.jpg" medium="image"/></item>
<item><title>没有链接也没有 guid 的一期</title><enclosure url="https://media.example.cn/ep38.mp3" type="audio/mpeg"/></item>
</channel></rss>`;

  it("lists each item's audio and video in feed order, relative URLs made absolute, images and documents left out", () => {
    const feed = parseFeed(rss, "https://podcast.example.cn/feed.xml");
    expect(feed.items.map((i) => [i.title, i.media])).toEqual([
      ["第 42 期", [{ url: "https://media.example.cn/ep42.mp3", type: "audio/mpeg" }]],
      ["第 41 期", [{ url: "https://podcast.example.cn/audio/ep41.m4a", type: "application/octet-stream" }]],
      ["第 40 期：只有文字的番外", []],
      ["第 39 期：视频版", [{ url: "https://media.example.cn/ep39.mp4", type: null }]],
    ]);
    expect(feed.items[0].cover).toBe("https://media.example.cn/ep42.jpg");
  });

  it("keeps an episode with neither link nor guid only when asked (the summary reads it; the collector cannot link it)", () => {
    const feed = parseFeed(rss, "https://podcast.example.cn/feed.xml", { keepUnlinkedMedia: true });
    expect(feed.items.at(-1)).toMatchObject({ title: "没有链接也没有 guid 的一期", guid: null, url: null, media: [{ url: "https://media.example.cn/ep38.mp3", type: "audio/mpeg" }] });
    expect(feed.items).toHaveLength(5);
  });

  it("reads Atom enclosure links and JSON Feed attachments", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>播客</title>
<entry><id>a1</id><title>第一期</title><link href="/ep/1"/><link rel="enclosure" type="audio/mp4" href="/ep/1.m4a"/><link rel="enclosure" type="image/png" href="/ep/1.png"/></entry></feed>`;
    expect(parseFeed(atom, "https://pod.example.cn/atom.xml").items[0].media).toEqual([{ url: "https://pod.example.cn/ep/1.m4a", type: "audio/mp4" }]);
    const json = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      items: [{ id: "j1", url: "/ep/1", attachments: [{ url: "/ep/1.mp3", mime_type: "audio/mpeg" }, { url: "/ep/1.webp", mime_type: "image/webp" }] }],
    });
    expect(parseFeed(json, "https://pod.example.cn/feed.json").items[0].media).toEqual([{ url: "https://pod.example.cn/ep/1.mp3", type: "audio/mpeg" }]);
  });
});

describe("textToHtml: links in plain text", () => {
  it.each([
    ["见 https://a.example.cn/x。", '<p>见 <a href="https://a.example.cn/x">https://a.example.cn/x</a>。</p>'],
    ["(see https://a.example.com/wiki/Foo_(bar)).", '<p>(see <a href="https://a.example.com/wiki/Foo_(bar)">https://a.example.com/wiki/Foo_(bar)</a>).</p>'],
    ["详见https://a.example.cn/?q=1&x=<b>", '<p>详见<a href="https://a.example.cn/?q=1&amp;x=">https://a.example.cn/?q=1&amp;x=</a>&lt;b&gt;</p>'],
    ["javascript:alert(1) and http:// alone", "<p>javascript:alert(1) and http:// alone</p>"],
  ])("%s", (text, html) => {
    expect(textToHtml(text)).toBe(html);
  });
});
