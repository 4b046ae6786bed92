// OPML, the format feed readers exchange subscription lists in: read every outline with an xmlUrl (nested
// folders included), and write the sources back out with their title and 拾阅's platform, interval and
// items per poll.
import { DOMParser } from "linkedom";
import { escapeHtml } from "./text";

export type OpmlEntry = { url: string; title: string | null; platform: string | null; intervalSeconds: number | null; maxItems: number | null };

export class OpmlError extends Error {}

export function parseOpml(xml: string): OpmlEntry[] {
  const doc = new DOMParser().parseFromString(xml.replace(/^\uFEFF/, "").trim(), "text/xml") as unknown as Document;
  if (doc.documentElement?.tagName.toLowerCase() !== "opml") throw new OpmlError("不是 OPML 文件：缺少 <opml> 根元素");
  const entries: OpmlEntry[] = [];
  const seen = new Set<string>();
  for (const outline of Array.from(doc.getElementsByTagName("outline"))) {
    const attr = (name: string) => Array.from(outline.attributes).find((a) => a.name.toLowerCase() === name.toLowerCase())?.value.trim() || null;
    const url = attr("xmlUrl");
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const interval = Number(attr("shiyue:interval"));
    const maxItems = Number(attr("shiyue:maxItems"));
    entries.push({
      url,
      title: attr("title") ?? attr("text"),
      platform: attr("shiyue:platform"),
      intervalSeconds: Number.isInteger(interval) && interval > 0 ? interval : null,
      maxItems: Number.isInteger(maxItems) && maxItems > 0 ? maxItems : null,
    });
  }
  return entries;
}

type OpmlSource = { url: string; title: string | null; platform: string | null; intervalSeconds: number; maxItems: number };

export function toOpml(sources: OpmlSource[], now = new Date()): string {
  const attr = escapeHtml;
  const outlines = sources.map((s) => {
    const title = attr(s.title ?? s.url);
    const platform = s.platform ? ` shiyue:platform="${attr(s.platform)}"` : "";
    return `    <outline type="rss" text="${title}" title="${title}" xmlUrl="${attr(s.url)}"${platform} shiyue:interval="${s.intervalSeconds}" shiyue:maxItems="${s.maxItems}"/>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<opml version="2.0" xmlns:shiyue="https://shiyue.app/opml">`,
    `  <head><title>拾阅订阅源</title><dateCreated>${now.toUTCString()}</dateCreated></head>`,
    `  <body>`,
    ...outlines,
    `  </body>`,
    `</opml>`,
    ``,
  ].join("\n");
}
