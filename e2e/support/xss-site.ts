// A loopback site for e2e/xss.spec.ts, started by the test: an RSS feed whose items carry the XSS matrix
// (test/xss.ts) in every field the collector reads, and an article page whose text carries it for the
// link summary. Everything is tagged with the run's `marker`, a word the site's search finds.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { MERMAID_PAYLOADS, PAYLOADS } from "../../test/xss";

export type XssSite = { url: string; feedUrl: string; articleUrl: string; close: () => Promise<void> };

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
// Items dated long ago: they rank low in the home feed, so other journeys' first page is unchanged.
const PUB_DATE = "Mon, 04 Jan 2021 08:00:00 +0800";
/** A feed summary longer than this is cut (lib/ingest/store.ts), so raw-text items carry a few each. */
const SUMMARY_LIMIT = 200;

/** The single-line payloads in groups that each fit in a feed summary. */
function summaryChunks(): string[] {
  const chunks: string[] = [];
  let current = "";
  for (const { text } of PAYLOADS) {
    if (text.includes("\n")) continue; // a summary is collapsed to one line
    if (current && current.length + 1 + text.length > SUMMARY_LIMIT) {
      chunks.push(current);
      current = "";
    }
    current = current ? `${current} ${text}` : text;
  }
  return current ? [...chunks, current] : chunks;
}

/** How many articles the feed yields: the rich item, the description-only item and the raw-text items. */
export const feedArticleCount = () => 2 + summaryChunks().length;

/** Titles of the feed's items, as the site shows them (markup in a title is text). */
export const feedTitles = (marker: string) => ({
  rich: `${marker} 富文本条目 <script>__xss()</script>`,
  description: `${marker} 描述条目`,
  raw: (n: number) => `${marker} 纯文本摘要 ${n}`,
  dropped: `${marker} 链接不安全的条目`,
});

// The matrix as HTML the way feeds send it: as markup, as escaped text, and in link, image and media tags.
const RICH_HTML = [
  ...PAYLOADS.map((p) => `<p>${p.text}</p>\n<p>${esc(p.text)}</p>`),
  '<p><a href="javascript:__xss()">点我</a> <a href="JaVaScRiPt:__xss()">x</a> <a href="&#106;avascript:__xss()">x</a> <a href=" javascript:__xss()">x</a></p>',
  '<p><img src="javascript:__xss()" alt="x"><img src="x" onerror="__xss()" alt="x"><img data-src="javascript:__xss()" alt="x"></p>',
  '<p><a href="https://example.com/" onclick="__xss()" onmouseover="__xss()">站外链接</a></p>',
  '<svg><a xlink:href="javascript:__xss()"><text>b</text></a></svg><math href="javascript:__xss()">x</math>',
  '<video src="x" onerror="__xss()" poster="javascript:__xss()"></video><audio src="x" onerror="__xss()"></audio>',
  '<iframe src="https://player.bilibili.com/player.html?bvid=1" onload="__xss()"></iframe>',
  '<table><tr><td background="javascript:__xss()" onclick="__xss()">单元格</td></tr></table>',
  '<div style="background:url(javascript:__xss())">样式</div>',
  ...MERMAID_PAYLOADS.map((p) => `<pre><code class="language-mermaid">${esc(p.text)}</code></pre>`),
  '<pre><code class="language-html" onclick="__xss()">&lt;script&gt;__xss()&lt;/script&gt;</code></pre>',
].join("\n");

function feedXml(base: string, marker: string): string {
  const t = feedTitles(marker);
  const item = (fields: string) => `<item>\n${fields}\n<pubDate>${PUB_DATE}</pubDate>\n</item>`;
  const items = [
    item(
      [
        `<title>${esc(t.rich)}</title>`,
        `<link>${base}/post/rich-${marker}</link>`,
        `<guid>${base}/post/rich-${marker}</guid>`,
        `<dc:creator>${esc('<img src=x onerror="__xss()">作者')}</dc:creator>`,
        `<description>${esc("富文本条目的摘要：<script>__xss()</script>")}</description>`,
        `<content:encoded><![CDATA[${RICH_HTML}]]></content:encoded>`,
        `<enclosure url="javascript:__xss()" type="image/png" length="1"/>`,
      ].join("\n"),
    ),
    // No content:encoded: the description is the body. A title and an author written as HTML.
    item(
      [
        `<title><![CDATA[${t.description}<img src=x onerror="__xss()"><script>__xss()</script>]]></title>`,
        `<link>${base}/post/description-${marker}</link>`,
        `<author>${esc('mail@example.com (<svg onload="__xss()">)')}</author>`,
        `<description><![CDATA[${PAYLOADS.map((p) => p.text).join("<br>")}]]></description>`,
      ].join("\n"),
    ),
    // A body that sanitizes to nothing: the feed's own summary text becomes the article, unescaped
    // markdown as written (the collector's one path to raw markdown in an article).
    ...summaryChunks().map((chunk, n) =>
      item(
        [
          `<title>${esc(t.raw(n + 1))}</title>`,
          `<link>${base}/post/raw-${n + 1}-${marker}</link>`,
          `<description>${esc(esc(chunk))}</description>`,
          `<content:encoded><![CDATA[<script>__xss()</script><svg onload="__xss()"></svg>]]></content:encoded>`,
        ].join("\n"),
      ),
    ),
    // No usable link: never collected.
    item(
      [
        `<title>${esc(t.dropped)}</title>`,
        "<link>javascript:__xss()</link>",
        `<guid isPermaLink="false">dropped-${marker}</guid>`,
        `<description>${esc("<script>__xss()</script>")}</description>`,
      ].join("\n"),
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${esc(`XSS 订阅源 <script>__xss()</script> ${marker}`)}</title>
<link>${base}/</link>
<description>${esc("<img src=x onerror=__xss()>")}</description>
${items.join("\n")}
</channel>
</rss>`;
}

/** The page's title: markup in it is text. */
export const articleTitle = (marker: string) => `${marker} 总结测试页 <img src=x onerror="__xss()">`;

/**
 * The page to summarise: a handful of sentences, so the local summary keeps them all, whose text is the
 * matrix (written as escaped text, so it reaches the summary as markdown and HTML source), next to real
 * tags the extractor must drop.
 */
function articleHtml(marker: string): string {
  const lines = PAYLOADS.filter((p) => !p.text.includes("\n")).map((p) => p.text);
  const third = Math.ceil(lines.length / 3);
  const sentences = [lines.slice(0, third), lines.slice(third, 2 * third), lines.slice(2 * third)].map(
    (group, n) => `<p>第 ${n + 1} 组写成文字的代码 ${esc(group.join(" "))} 都应当原样显示为文字而不会执行。</p>`,
  );
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(articleTitle(marker))}</title>
<meta property="og:image" content="javascript:__xss()"><script>__xss()</script></head>
<body><article>
<h1>${esc(articleTitle(marker))}</h1>
${sentences.join("\n")}
<p>这一段里是真正的标签 <img src=x onerror="__xss()"> <a href="javascript:__xss()">点我</a> <svg onload="__xss()"></svg> <iframe src="javascript:__xss()"></iframe> <details open ontoggle="__xss()"><summary>展开</summary>内容</details> 提取时都应当被去掉。</p>
<p>最后一段说明测试页的用途，它让总结里有足够的句子可以挑选，也让文章页面显得完整。</p>
<pre><code class="language-mermaid">${esc(MERMAID_PAYLOADS[1].text)}</code></pre>
</article></body></html>`;
}

export async function startXssSite(marker: string): Promise<XssSite> {
  let base = "";
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/feed.xml") {
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
      return res.end(feedXml(base, marker));
    }
    if (path === "/article.html" || path.startsWith("/post/")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(articleHtml(marker));
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    feedUrl: `${base}/feed.xml`,
    articleUrl: `${base}/article.html`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
