// A loopback server of feeds written for the collector's tests: RSS with CDATA HTML, Atom with relative
// links, JSON Feed, a feed answering 304 to its ETag, a gzip feed, a malformed feed that can be mended,
// a feed whose items change between polls, a 429 with Retry-After, a 500, Cache-Control/TTL feeds, and one
// that takes 30 s to answer; and feeds shaped like real-world ones from lib/ingest/fixtures (a YouTube
// channel, Reddit-style raw HTML descriptions, an undeclared GBK feed encoded here), a long podcast listed
// oldest first, and the undeclared legacy-encoding feeds of test/charsets/ (/charsets/big5-feed.xml …).
// It records each request's path and conditional headers.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { charsetBytes } from "./charsets";
import { encodeGbk } from "./gbk";
import { send } from "./http";

const fixture = (name: string) => readFileSync(new URL(`../lib/ingest/fixtures/${name}`, import.meta.url), "utf8");

export type FeedServer = {
  url: string;
  requests: { path: string; ifNoneMatch: string | null; userAgent: string | null }[];
  /** Makes /broken.xml valid (true) or malformed again (false). */
  mend: (valid: boolean) => void;
  /** Resolves once a request for `path` has arrived (at once if one already has). */
  requested: (path: string) => Promise<void>;
  close: () => Promise<void>;
};

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>掘金前端精选</title>
<link>https://juejin.cn/frontend</link>
<description>每日前端好文</description>
<item>
<title>深入理解浏览器的事件循环</title>
<link>https://juejin.cn/post/7301?utm_source=rss&amp;utm_medium=feed</link>
<guid isPermaLink="false">juejin-7301</guid>
<dc:creator>前端小鹿</dc:creator>
<pubDate>Tue, 21 Nov 2023 09:30:00 +0800</pubDate>
<description>宏任务、微任务与渲染时机，一篇讲清楚。</description>
<content:encoded><![CDATA[<p>事件循环决定了 JavaScript 代码的执行顺序。理解宏任务与微任务，是写好异步代码的第一步。</p>
<script>window.__pwned = true</script>
<p><img src="/images/event-loop.png" alt="事件循环示意图"></p>
<h2>微任务何时执行</h2><p>每个宏任务结束后，浏览器会清空微任务队列，然后才可能渲染。</p>
<p><a href="javascript:alert(1)">点我</a></p>]]></content:encoded>
</item>
<item>
<title>用 CSS 容器查询重写响应式卡片</title>
<link>https://juejin.cn/post/7302</link>
<guid isPermaLink="false">juejin-7302</guid>
<dc:creator>样式研究所</dc:creator>
<pubDate>Mon, 20 Nov 2023 20:00:00 +0800</pubDate>
<content:encoded><![CDATA[<p>容器查询让组件根据自身宽度调整布局，不再依赖视口宽度。</p><img src="https://tracker.example.com/pixel.gif" width="1" height="1">]]></content:encoded>
</item>
</channel>
</rss>`;

const atom = (base: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${base}/blog/">
<title>慢读笔记</title>
<id>urn:slow-notes</id>
<updated>2024-03-02T08:00:00Z</updated>
<link href="${base}/blog/" rel="alternate"/>
<entry>
<title>在小城市的图书馆里过一个下午</title>
<id>urn:slow-notes:1</id>
<link href="posts/library-afternoon" rel="alternate"/>
<author><name>林间</name></author>
<published>2024-03-02T08:00:00Z</published>
<content type="html">&lt;p&gt;图书馆的阅览室安静得能听见翻书声，窗外是一排梧桐树。&lt;/p&gt;&lt;p&gt;&lt;img src="../img/reading-room.jpg" alt="阅览室"&gt;&lt;/p&gt;</content>
</entry>
</feed>`;

const JSON_FEED = JSON.stringify({
  version: "https://jsonfeed.org/version/1.1",
  title: "知乎日报精选",
  home_page_url: "https://www.zhihu.com/",
  items: [
    {
      id: "zhihu-88",
      url: "https://zhuanlan.zhihu.com/p/88",
      title: "为什么冬天的星空更清楚",
      content_html: "<p>冬季空气干燥，水汽少，大气对星光的散射更弱，所以星星看起来更亮更多。</p>",
      date_published: "2024-01-10T21:00:00+08:00",
      authors: [{ name: "天文爱好者" }],
      image: "https://pic.zhimg.com/stars.jpg",
    },
  ],
});

const rssOf = (title: string, items: { guid: string; link: string; title: string }[], extra = "") => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${title}</title><link>https://sspai.com</link>${extra}
${items.map((i) => `<item><title>${i.title}</title><link>${i.link}</link><guid>${i.guid}</guid><description>&lt;p&gt;${i.title}，正文第一段足够长，可以当作摘要使用。&lt;/p&gt;</description></item>`).join("\n")}
</channel></rss>`;

const ITEM_A = { guid: "sspai-a", link: "https://sspai.com/post/1", title: "效率工具的第一课：少即是多" };
const ITEM_B = { guid: "sspai-b", link: "https://sspai.com/post/2", title: "把待办清单缩短到三件事" };
const ITEM_C = { guid: "sspai-c", link: "https://sspai.com/post/3", title: "周末断网实验的七个发现" };
/** Poll 2 repeats B, adds C, and lists A again under a new GUID and a tracking parameter. */
const DUPES = [
  rssOf("少数派", [ITEM_A, ITEM_B]),
  rssOf("少数派", [ITEM_C, ITEM_B, { ...ITEM_A, guid: "sspai-a-again", link: "https://sspai.com/post/1?utm_source=weekly&spm=1" }]),
];

const XML = "application/rss+xml; charset=utf-8";

/** A podcast that lists its weekly episodes oldest first, as many hosts do. */
const podcast = (episodes: number) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>慢慢聊</title><link>https://pod.example.cn/</link>
${Array.from({ length: episodes }, (_, n) => `<item><title>第 ${n + 1} 期：聊聊第 ${n + 1} 本书</title><link>https://pod.example.cn/ep/${n + 1}</link><guid isPermaLink="false">pod-${n + 1}</guid><pubDate>${new Date(Date.UTC(2010, 0, 3) + n * 7 * 86_400_000).toUTCString()}</pubDate><enclosure url="https://pod.example.cn/audio/${n + 1}.mp3" type="audio/mpeg" length="1"/><description>本期节目第 ${n + 1} 期。</description></item>`).join("\n")}
</channel></rss>`;

export async function startFeedServer(): Promise<FeedServer> {
  const requests: FeedServer["requests"] = [];
  const waiting = new Map<string, (() => void)[]>(); // by path: the promises of `requested`
  const counts = new Map<string, number>();
  let brokenIsValid = false;
  let base = "";
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://feeds");
    const path = url.pathname;
    const n = (counts.get(path + url.search) ?? 0) + 1; // each query is its own feed
    counts.set(path + url.search, n);
    const ifNoneMatch = req.headers["if-none-match"] ?? null;
    requests.push({ path, ifNoneMatch, userAgent: req.headers["user-agent"] ?? null });
    for (const resolve of waiting.get(path) ?? []) resolve();
    waiting.delete(path);
    switch (path) {
      case "/rss.xml":
        return send(res, 200, XML, RSS);
      case "/atom.xml":
        return send(res, 200, "application/atom+xml; charset=utf-8", atom(base));
      case "/feed.json":
        return send(res, 200, "application/feed+json", JSON_FEED);
      case "/etag.xml":
        if (ifNoneMatch === '"v1"') return send(res, 304, XML, "", { ETag: '"v1"' });
        return send(res, 200, XML, rssOf("带 ETag 的订阅源", [{ guid: "etag-1", link: "https://36kr.com/p/1", title: "一家咖啡馆的供应链账本" }]), { ETag: '"v1"' });
      case "/gzip.xml": {
        const body = gzipSync(rssOf("压缩的订阅源", [{ guid: "gz-1", link: "https://www.infoq.cn/article/1", title: "压缩传输的订阅源也能读" }]));
        return send(res, 200, XML, body, { "Content-Encoding": "gzip" });
      }
      case "/broken.xml":
        if (brokenIsValid) return send(res, 200, XML, rssOf("修好的订阅源", [{ guid: "fixed-1", link: "https://www.cnblogs.com/p/1", title: "订阅源修好以后自动恢复" }]));
        return send(res, 200, XML, "<?xml version=\"1.0\"?><rss><channel><title>坏掉的订阅源</title><item><title>没有结束");
      case "/dupes.xml":
        return send(res, 200, XML, DUPES[Math.min(n, DUPES.length) - 1]);
      case "/limited.xml":
        return send(res, 429, "text/plain", "slow down", { "Retry-After": "120" });
      case "/error.xml":
        return send(res, 500, "text/plain", "boom");
      case "/max-age.xml":
        return send(res, 200, XML, rssOf("可缓存两小时", [{ guid: "ma-1", link: "https://www.douban.com/note/1", title: "豆瓣上的一篇读书笔记" }]), { "Cache-Control": "public, max-age=7200" });
      case "/slow.xml": {
        const timer = setTimeout(() => send(res, 200, XML, rssOf("很慢的订阅源", [])), 30_000);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      case "/ttl.xml":
        return send(res, 200, XML, rssOf("TTL 三小时", [{ guid: "ttl-1", link: "https://weibo.com/1/abc", title: "一条长微博" }], "<ttl>180</ttl>"));
      case "/youtube.xml": // a channel feed as YouTube serves it
        return send(res, 200, "text/xml; charset=UTF-8", fixture("youtube-channel.xml"));
      case "/reddit.xml": // raw HTML in <description>, unescaped and outside CDATA
        return send(res, 200, "application/rss+xml; charset=UTF-8", fixture("reddit-raw-html.xml"));
      case "/podcast.xml": { // ?episodes=N; answers 304 to its ETag
        const episodes = Number(url.searchParams.get("episodes") ?? 730);
        const etag = `"pod-${episodes}"`;
        if (ifNoneMatch === etag) return send(res, 304, XML, "", { ETag: etag });
        return send(res, 200, XML, podcast(episodes), { ETag: etag });
      }
      case "/gbk.xml": // no BOM, no encoding declaration, no charset: the collector must sniff it
        return send(res, 200, "application/rss+xml", encodeGbk(fixture("gbk-undeclared.xml")));
      default:
        // test/charsets/: Big5, Shift_JIS, EUC-KR, GB18030, windows-1252 feeds declaring no charset anywhere
        if (/^\/charsets\/[\w-]+-feed\.xml$/.test(path)) return send(res, 200, "application/rss+xml", charsetBytes(path.slice("/charsets/".length)));
        return send(res, 404, "text/plain", "not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    mend: (valid) => void (brokenIsValid = valid),
    requested: (path) =>
      requests.some((r) => r.path === path) ? Promise.resolve() : new Promise((resolve) => waiting.set(path, [...(waiting.get(path) ?? []), resolve])),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
