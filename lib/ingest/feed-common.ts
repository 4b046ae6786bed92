// What every feed format parses into (items, the feed, the parse error) and the helpers the RSS, Atom and
// JSON Feed readers share: dates, author names, absolute URLs inside item HTML, summaries, the item cap.
import { absoluteUrl, parseFragment } from "./html-sanitize";
import { collapse, htmlToText } from "./text";

export type FeedItem = {
  guid: string | null;
  /** Absolute http(s) link to the article. */
  url: string | null;
  /** Plain text, whitespace collapsed. */
  title: string;
  /** The richest body as HTML, its relative URLs made absolute. */
  html: string | null;
  /** Plain text of the feed's own summary when it says something other than the body. */
  summary: string | null;
  author: string | null;
  publishedAt: Date | null;
  /** Absolute http(s) image URL. */
  cover: string | null;
};

export type ParsedFeed = {
  kind: "rss" | "atom" | "json";
  title: string | null;
  siteUrl: string | null;
  /** RSS `<ttl>`: how long the publisher says the feed may be cached. */
  ttlMinutes: number | null;
  items: FeedItem[];
};

export const MAX_FEED_ITEMS = 200;

export const FEED_MESSAGES = {
  empty: "订阅源内容为空",
  unknown: "订阅源格式无法识别：不是 RSS、Atom 或 JSON Feed",
  badXml: "订阅源 XML 格式错误",
  truncated: "订阅源 XML 格式错误：文档不完整",
  badJson: "订阅源 JSON 格式错误",
} as const;

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedParseError";
  }
}

// `2024-03-05 20:00:00` or `2024/3/5`: feeds that leave out the zone mean Beijing time.
const ZONELESS = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
// `CST` in a Chinese feed is China Standard Time, not US Central.
const CHINA_ZONE = /\s(?:CST|(?:GMT|UTC)\+0?8(?::?00)?)$/i;
const LAZY_URL_ATTRIBUTES = ["href", "src", "data-src", "data-original", "data-actualsrc", "poster"];

export function parseFeedDate(raw: string | null | undefined): Date | null {
  const value = collapse(raw);
  if (!/\d{4}/.test(value)) return null;
  const parts = ZONELESS.exec(value);
  const time = parts
    ? Date.UTC(+parts[1], +parts[2] - 1, +parts[3], (+(parts[4] ?? 0)) - 8, +(parts[5] ?? 0), +(parts[6] ?? 0))
    : Date.parse(value.replace(CHINA_ZONE, " +0800"));
  return Number.isFinite(time) ? new Date(time) : null;
}

/** A person's name out of `Name`, `mail@example.cn (Name)` or `Name <mail@example.cn>`; a bare address → null. */
export function personName(raw: string | null | undefined): string | null {
  const value = collapse(raw);
  const named = /^\S+@\S+\s*\((.+)\)$/.exec(value)?.[1] ?? /^(.+?)\s*<[^<>]*@[^<>]*>$/.exec(value)?.[1];
  const name = collapse(named ?? value).replace(/^"(.*)"$/, "$1");
  return !name || /^\S+@\S+\.\S+$/.test(name) ? null : name;
}

/** `html` with relative link and image URLs resolved against `base`, so it no longer needs the feed. */
export function absolutizeHtml(html: string, base: string): string {
  const body = parseFragment(html);
  for (const el of Array.from(body.querySelectorAll("*"))) {
    for (const name of LAZY_URL_ATTRIBUTES) {
      const raw = el.getAttribute(name);
      const resolved = raw && absoluteUrl(raw, base);
      if (resolved) el.setAttribute(name, resolved);
    }
  }
  return body.innerHTML;
}

/** `summaryText` unless it is empty or the same text as the body. */
export function distinctSummary(summaryText: string | null | undefined, bodyHtml: string | null): string | null {
  const summary = collapse(summaryText);
  return summary && summary !== htmlToText(bodyHtml) ? summary : null;
}

/** Items built from `sources` in order, skipping those with neither URL nor guid, at most MAX_FEED_ITEMS. */
export function collectItems<T>(sources: T[], build: (source: T) => FeedItem): FeedItem[] {
  const items: FeedItem[] = [];
  for (const source of sources) {
    if (items.length >= MAX_FEED_ITEMS) break;
    const item = build(source);
    if (item.url || item.guid) items.push(item);
  }
  return items;
}
