// Digests as feeds: RSS 2.0, Atom 1.0 and JSON Feed 1.1, one item per day, its sections as HTML with every
// cited article linked at its permalink. A reader's private feed (/feeds/digest/{key}.xml|.atom|.json) and the
// site's (/daily/feed.xml|atom.xml|feed.json). Pure: the same digests give the same bytes.
import { escapeXml, cdata } from "@/lib/articles/site-feed-format";
import { shortDayLabel } from "@/lib/china-time";
import { SITE_NAME } from "@/lib/site";
import type { DigestView } from "./service";

export type DigestFeedFormat = "rss" | "atom" | "json";
export const DIGEST_FEED_TYPES: Record<DigestFeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

export type DigestFeed = {
  base: string;
  title: string;
  description: string;
  /** Where the feed itself is (its self link), absolute. */
  self: string;
  /** The page of a day's digest, relative: /digest/2026-11-29 or /daily/2026-11-29. */
  pageOf: (date: string) => string;
  digests: DigestView[];
};

const byWhom = (d: DigestView) => (d.written_by === "model" ? "由 AI 模型根据当日文章撰写" : "由本地引擎摘录原文要点");

/** A digest as HTML: a heading and a list per section, each point followed by the articles it cites. */
export function digestHtml(base: string, d: DigestView): string {
  const titles = new Map(d.articles.map((a) => [a.id, a.title]));
  const sections = d.sections.map((s) => {
    const points = s.points.map((p) => {
      const links = p.article_ids.map((id) => `<a href="${escapeXml(`${base}/articles/${id}`)}">${escapeXml(titles.get(id) ?? "")}</a>`).join("、");
      return `<li>${escapeXml(p.text)}（${links}）</li>`;
    });
    return `<h3>${escapeXml(s.title)}</h3><ul>${points.join("")}</ul>`;
  });
  return `${sections.join("")}<p><small>${byWhom(d)}</small></p>`;
}

const itemTitle = (d: DigestView) => `今日精选 · ${shortDayLabel(d.date)}`;
const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export function digestFeedDocument(format: DigestFeedFormat, f: DigestFeed): string {
  const updated = f.digests.length ? new Date(Math.max(...f.digests.map((d) => Date.parse(d.created_at)))) : new Date(0);
  if (format === "json") {
    return JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: f.title,
      home_page_url: `${f.base}/`,
      feed_url: f.self,
      description: f.description,
      language: "zh-CN",
      items: f.digests.map((d) => ({
        id: `${f.base}${f.pageOf(d.date)}`,
        url: `${f.base}${f.pageOf(d.date)}`,
        title: itemTitle(d),
        content_html: digestHtml(f.base, d),
        date_published: d.created_at,
      })),
    });
  }
  if (format === "atom") {
    const entries = f.digests.map((d) =>
      [
        "<entry>",
        element("title", itemTitle(d)),
        `<link href="${escapeXml(`${f.base}${f.pageOf(d.date)}`)}"/>`,
        element("id", `${f.base}${f.pageOf(d.date)}`),
        element("updated", d.created_at),
        `<content type="html">${escapeXml(digestHtml(f.base, d))}</content>`,
        "</entry>",
      ].join(""),
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">',
      element("title", f.title),
      element("subtitle", f.description),
      `<link href="${escapeXml(`${f.base}/`)}"/>`,
      `<link rel="self" href="${escapeXml(f.self)}"/>`,
      element("id", f.self),
      element("updated", updated.toISOString()),
      `<author><name>${escapeXml(SITE_NAME)}</name></author>`,
      ...entries,
      "</feed>",
      "",
    ].join("\n");
  }
  const items = f.digests.map((d) =>
    [
      "<item>",
      element("title", itemTitle(d)),
      element("link", `${f.base}${f.pageOf(d.date)}`),
      `<guid isPermaLink="true">${escapeXml(`${f.base}${f.pageOf(d.date)}`)}</guid>`,
      `<pubDate>${new Date(d.created_at).toUTCString()}</pubDate>`,
      `<description>${cdata(digestHtml(f.base, d))}</description>`,
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", f.title),
    element("link", `${f.base}/`),
    element("description", f.description),
    element("language", "zh-CN"),
    f.digests.length ? `<lastBuildDate>${updated.toUTCString()}</lastBuildDate>` : "",
    `<atom:link href="${escapeXml(f.self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
