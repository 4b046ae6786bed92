// The documents of 拾阅's own feeds (lib/articles/site-feed.ts) from their items: RSS 2.0 with the full body
// in content:encoded, and JSON Feed 1.1. Pure: the same items give the same bytes, so every web instance
// sends the same ETag for the same articles.
import { SITE_NAME } from "@/lib/site";

export const SITE_FEED_DESCRIPTION = "拾阅精选的最新文章，全文阅读";
export const SITE_FEED_LANGUAGE = "zh-CN";

export type SiteFeedItem = {
  /** Our permalink, absolute: the item's link and its id. */
  url: string;
  title: string;
  summary: string | null;
  author: string | null;
  /** The article at its platform (http or https), or null when there is none to link. */
  sourceUrl: string | null;
  cover: string | null;
  publishedAt: Date;
  /** When the item last changed in the feed (collected or edited); the channel's lastBuildDate. */
  changedAt: Date;
  /** The full body as HTML, the 原文 line included. */
  html: string;
};

export type SiteFeedChannel = { base: string; items: SiteFeedItem[] };

// Characters XML 1.0 does not allow (C0 controls other than tab, LF and CR; lone surrogates; U+FFFE/U+FFFF).
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const xmlSafe = (text: string) => text.replace(NOT_XML, "");
/** Text for XML element content and attribute values. */
export const escapeXml = (text: string) =>
  xmlSafe(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** HTML inside CDATA: a `]]>` in it is split across two sections. */
export const cdata = (html: string) => `<![CDATA[${xmlSafe(html).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

/** The line under every body that links the article at its platform. */
export function sourceLine(sourceUrl: string, platform: string | null): string {
  return `<p>原文：<a href="${escapeXml(sourceUrl)}">${escapeXml(platform || sourceUrl)}</a></p>`;
}

const lastChange = (items: SiteFeedItem[]) =>
  items.length ? new Date(Math.max(...items.map((i) => Math.max(i.changedAt.getTime(), i.publishedAt.getTime())))) : null;

const element = (name: string, value: string | null) => (value ? `<${name}>${escapeXml(value)}</${name}>` : "");

export function toRss({ base, items }: SiteFeedChannel): string {
  const built = lastChange(items);
  const entries = items.map((item) =>
    [
      "<item>",
      element("title", item.title),
      element("link", item.url),
      `<guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
      `<pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
      element("dc:creator", item.author),
      element("description", item.summary),
      `<content:encoded>${cdata(item.html)}</content:encoded>`,
      item.cover ? `<media:content url="${escapeXml(item.cover)}" medium="image"/>` : "",
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/"' +
      ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    "<channel>",
    element("title", SITE_NAME),
    element("link", `${base}/`),
    element("description", SITE_FEED_DESCRIPTION),
    element("language", SITE_FEED_LANGUAGE),
    built ? `<lastBuildDate>${built.toUTCString()}</lastBuildDate>` : "",
    `<atom:link href="${escapeXml(`${base}/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function toJsonFeed({ base, items }: SiteFeedChannel): string {
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: SITE_NAME,
    home_page_url: `${base}/`,
    feed_url: `${base}/feed.json`,
    description: SITE_FEED_DESCRIPTION,
    language: SITE_FEED_LANGUAGE,
    items: items.map((item) => ({
      id: item.url,
      url: item.url,
      ...(item.sourceUrl ? { external_url: item.sourceUrl } : {}),
      title: item.title,
      content_html: item.html,
      ...(item.summary ? { summary: item.summary } : {}),
      ...(item.cover ? { image: item.cover } : {}),
      date_published: item.publishedAt.toISOString(),
      ...(item.author ? { authors: [{ name: item.author }] } : {}),
    })),
  });
}
