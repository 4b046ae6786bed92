// The charset fixtures (test/charsets/): pages and feeds in Big5, Shift_JIS, EUC-KR, GB18030 and windows-1252
// that declare no encoding, read back exactly as their UTF-8 sources say: the whole document through the
// decoder, each page through the summary's extraction, each feed through the feed reader.
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/ingest/feed-parse";
import { CHARSET_FIXTURES, charsetBytes, charsetSource } from "@/test/charsets";
import { decodeBody, detectEncoding } from "./decode";
import { extractArticle } from "./extract/html";

const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);

describe.each(CHARSET_FIXTURES)("$name ($language), no charset declared", ({ name, encoding }) => {
  it("a page: decoded exactly, its article extracted with every paragraph", () => {
    const file = `${name}-page.html`;
    const body = charsetBytes(file);
    const source = charsetSource(file);
    expect(source).not.toMatch(/charset|encoding=/i);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(body)).toThrow(); // really not UTF-8
    expect(detectEncoding(body, "text/html")).toEqual({ encoding, source: "detector" });
    const html = decodeBody(body, "text/html");
    expect(html).toBe(source);

    const article = extractArticle(html, `https://example.org/${name}/article.html`)!;
    expect(article.title).toBe(all(source, /<h1>(.*?)<\/h1>/g)[0]);
    expect(article.text).toBe(all(source, /<p>(.*?)<\/p>/g).slice(0, -1).join("\n\n")); // the footer's line is not the article
    expect(article.byline).toBe(all(source, /<meta name="author" content="(.*?)">/g)[0]);
    expect(article.siteName).toBe(all(source, /<meta property="og:site_name" content="(.*?)">/g)[0]);
  });

  it("a feed: decoded exactly, each item's title and body read back", () => {
    const file = `${name}-feed.xml`;
    const body = charsetBytes(file);
    const source = charsetSource(file);
    expect(source).not.toMatch(/charset|encoding=/i);
    expect(detectEncoding(body, "application/rss+xml")).toEqual({ encoding, source: "detector" });
    const xml = decodeBody(body, "application/rss+xml");
    expect(xml).toBe(source);

    const feed = parseFeed(xml, `https://example.org/${name}/feed.xml`);
    expect(feed.title).toBe(all(source, /<channel>\s*<title>(.*?)<\/title>/g)[0]);
    expect(feed.items.map((item) => item.title)).toEqual(all(source, /<item>\s*<title>(.*?)<\/title>/g));
    expect(feed.items.map((item) => item.html)).toEqual(all(source, /<!\[CDATA\[(.*?)\]\]>/g));
    expect(feed.items.map((item) => item.url)).toEqual(all(source, /<link>(.*?)<\/link>/g).slice(1));
  });
});
