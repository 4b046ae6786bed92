// What every feed format parses into (items, the feed, the parse error) and the helpers the RSS, Atom and
// JSON Feed readers share: dates, author names, absolute URLs inside item HTML, summaries, and which items
// a poll keeps (the newest by date, at most the source's max_items). The summary pipeline reads feeds and
// dates through the same code (a podcast feed's episodes, a page's publish date).
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
  /** Audio and video the item carries (RSS enclosures, Media RSS, Atom enclosure links, JSON Feed attachments), in feed order. */
  media: FeedMedia[];
};

/** An item's audio or video file: an absolute http(s) URL and its MIME type when the feed gives one. */
export type FeedMedia = { url: string; type: string | null };

export type ParsedFeed = {
  kind: "rss" | "atom" | "json";
  title: string | null;
  siteUrl: string | null;
  /** RSS `<ttl>`: how long the publisher says the feed may be cached. */
  ttlMinutes: number | null;
  items: FeedItem[];
};

/** Items a poll keeps by default (a source's `max_items`): the newest by date. */
export const MAX_FEED_ITEMS = 200;
/** The most a source may be set to keep per poll. */
export const MAX_FEED_ITEMS_LIMIT = 5000;

export type ParseOptions = {
  /** How many items to keep, the newest by date (default MAX_FEED_ITEMS). */
  maxItems?: number;
  /**
   * Also keep items with neither link nor guid when they carry audio or video: a podcast's episodes for the
   * summary pipeline. The collector leaves them out (it has nothing to link or de-duplicate them by).
   */
  keepUnlinkedMedia?: boolean;
};

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

// `2024-03-05 20:00:00`, `2024/3/5` or `2024年3月5日 08:30`: dates that leave out the zone mean Beijing time.
const ZONELESS = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
// A Chinese date, with whatever follows its time (`2024年3月5日 08:30 星期二`).
const CHINESE_DATE = /^(\d{4})年(\d{1,2})月(\d{1,2})日\s*(?:(\d{1,2}):(\d{2})(?::(\d{2}))?)?/;
// `CST` in a Chinese feed is China Standard Time, not US Central.
const CHINA_ZONE = /\s(?:CST|(?:GMT|UTC)\+0?8(?::?00)?)$/i;
const LAZY_URL_ATTRIBUTES = ["href", "src", "data-src", "data-original", "data-actualsrc", "poster"];

/**
 * A feed's or a page's date: with a zone (RFC 822, ISO 8601) as it says, `CST` and `GMT+8` as Beijing time,
 * and a date without a zone (`2024-03-05`, `2024-03-05 20:00`, `2024年3月5日 08:30`) as Beijing time too.
 * Null when it is not a date.
 */
export function parseFeedDate(raw: string | null | undefined): Date | null {
  const value = collapse(raw);
  if (!/\d{4}/.test(value)) return null;
  const parts = ZONELESS.exec(value) ?? CHINESE_DATE.exec(value);
  if (!parts) {
    const time = Date.parse(value.replace(CHINA_ZONE, " +0800"));
    return Number.isFinite(time) ? new Date(time) : null;
  }
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day, hour - 8, minute, second));
  // Date.UTC rolls 2024-02-30 over into March: a day or time out of range is no date.
  const beijing = new Date(date.getTime() + 8 * 3_600_000);
  const valid = beijing.getUTCMonth() === month - 1 && beijing.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return valid ? date : null;
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

const MEDIA_FILE = /\.(aac|flac|m4a|m4b|m4v|mkv|mov|mp3|mp4|oga|ogg|opus|wav|webm)(\?|$)/i;

/**
 * Whether a file a feed attaches is audio or video: its MIME type says so, or, with no type or a generic one
 * (`application/octet-stream`, which many podcast hosts send), its file name does.
 */
export function isMediaFile(url: string, type: string | null): boolean {
  if (type && /^(audio|video)\//i.test(type)) return true;
  return (!type || /^application\/(octet-stream|binary)$/i.test(type)) && MEDIA_FILE.test(url);
}

/** `summaryText` unless it is empty or the same text as the body. */
export function distinctSummary(summaryText: string | null | undefined, bodyHtml: string | null): string | null {
  const summary = collapse(summaryText);
  return summary && summary !== htmlToText(bodyHtml) ? summary : null;
}

/**
 * The newest `maxItems` items of `sources`, in file order, skipping those with neither URL nor guid (unless
 * `keepUnlinkedMedia` and they carry media). Newest by `dateOf` whatever the order in the file; items
 * without a date rank after every dated one, in file order. Only the items kept are built (their HTML is
 * the costly part).
 */
export function collectItems<T>(
  sources: T[],
  {
    dateOf, build, maxItems = MAX_FEED_ITEMS, keepUnlinkedMedia = false,
  }: { dateOf: (source: T) => Date | null; build: (source: T) => FeedItem } & ParseOptions,
): FeedItem[] {
  const ranked = sources.map((source, index) => ({ source, index, time: dateOf(source)?.getTime() ?? null }));
  ranked.sort((a, b) => {
    if (a.time === null || b.time === null) return a.time === b.time ? a.index - b.index : a.time === null ? 1 : -1;
    return b.time - a.time || a.index - b.index;
  });
  const kept: { index: number; item: FeedItem }[] = [];
  for (const { source, index } of ranked) {
    if (kept.length >= maxItems) break;
    const item = build(source);
    if (item.url || item.guid || (keepUnlinkedMedia && item.media.length)) kept.push({ index, item });
  }
  return kept.sort((a, b) => a.index - b.index).map((k) => k.item);
}
