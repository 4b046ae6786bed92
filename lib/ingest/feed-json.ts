// JSON Feed 1.0 / 1.1 (https://jsonfeed.org/version/1.1): the parsed object read field by field, every
// value checked for its type, since a feed is untrusted input.
import { absoluteUrl } from "./html-sanitize";
import { collapse, textToHtml, titleText } from "./text";
import {
  FEED_MESSAGES, FeedParseError, absolutizeHtml, collectItems, distinctSummary, isMediaFile, parseFeedDate, personName,
  type FeedItem, type FeedMedia, type ParseOptions, type ParsedFeed,
} from "./feed-common";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null =>
  typeof value === "string" ? value.trim() || null : typeof value === "number" ? String(value) : null;

function authorOf(owner: Json): string | null {
  const authors = Array.isArray(owner.authors) ? owner.authors : [owner.author];
  for (const author of authors) {
    const name = isObject(author) ? personName(str(author.name)) : null;
    if (name) return name;
  }
  return null;
}

const attachmentsOf = (item: Json) => (Array.isArray(item.attachments) ? item.attachments.filter(isObject) : []);

function coverOf(item: Json, feedUrl: string): string | null {
  const image = attachmentsOf(item).find((a) => str(a.mime_type)?.startsWith("image/"));
  for (const raw of [item.image, item.banner_image, image?.url]) {
    const url = absoluteUrl(str(raw), feedUrl);
    if (url) return url;
  }
  return null;
}

/** Audio and video attachments (a podcast's episode), without repeats. */
function mediaOf(item: Json, feedUrl: string): FeedMedia[] {
  const out: FeedMedia[] = [];
  for (const attachment of attachmentsOf(item)) {
    const url = absoluteUrl(str(attachment.url), feedUrl);
    const type = str(attachment.mime_type);
    if (url && isMediaFile(url, type) && !out.some((m) => m.url === url)) out.push({ url, type });
  }
  return out;
}

const jsonDate = (item: Json) => parseFeedDate(str(item.date_published) ?? str(item.date_modified));

function jsonItem(item: Json, feedUrl: string, feedAuthor: string | null): FeedItem {
  const contentHtml = str(item.content_html);
  const contentText = str(item.content_text);
  const body = contentHtml ?? (contentText ? textToHtml(contentText) : null);
  const url = absoluteUrl(str(item.url), feedUrl) ?? absoluteUrl(str(item.external_url), feedUrl);
  const html = body ? absolutizeHtml(body, url ?? feedUrl) : null;
  return {
    guid: str(item.id),
    url,
    title: titleText(str(item.title)),
    html,
    summary: distinctSummary(str(item.summary), html),
    author: authorOf(item) ?? feedAuthor,
    publishedAt: jsonDate(item),
    cover: coverOf(item, feedUrl),
    media: mediaOf(item, feedUrl),
  };
}

/** A JSON Feed document; throws FeedParseError for broken JSON or JSON that is not a feed. */
export function parseJsonFeed(json: string, feedUrl: string, options: ParseOptions = {}): ParsedFeed {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new FeedParseError(FEED_MESSAGES.badJson);
  }
  const version = isObject(data) ? str(data.version) : null;
  if (!isObject(data) || !Array.isArray(data.items) || (version && !version.includes("jsonfeed.org"))) {
    throw new FeedParseError(FEED_MESSAGES.unknown);
  }
  const feedAuthor = authorOf(data);
  return {
    kind: "json",
    title: collapse(str(data.title)) || null,
    siteUrl: absoluteUrl(str(data.home_page_url), feedUrl),
    ttlMinutes: null,
    items: collectItems(data.items.filter(isObject), { ...options, dateOf: jsonDate, build: (item) => jsonItem(item, feedUrl, feedAuthor) }),
  };
}
