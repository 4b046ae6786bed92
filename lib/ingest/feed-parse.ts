// Feed bodies (RSS 2.0 / RSS 1.0, Atom 1.0, JSON Feed 1.x) as one shape: the feed and its newest items,
// each with a plain-text title, an HTML body with absolute URLs, author, date and cover image. Pure.
import { parseJsonFeed } from "./feed-json";
import { parseXmlFeed } from "./feed-xml";
import { FEED_MESSAGES, FeedParseError, type ParseOptions, type ParsedFeed } from "./feed-common";

export {
  FEED_MESSAGES, FeedParseError, MAX_FEED_ITEMS, MAX_FEED_ITEMS_LIMIT, type FeedItem, type ParseOptions, type ParsedFeed,
} from "./feed-common";

/**
 * `feedUrl` is where the body was fetched from; relative links resolve against it. Keeps the newest
 * `options.maxItems` items (default MAX_FEED_ITEMS).
 */
export function parseFeed(body: string, feedUrl: string, options: ParseOptions = {}): ParsedFeed {
  const source = body.replace(/^\uFEFF/, "").trim();
  if (!source) throw new FeedParseError(FEED_MESSAGES.empty);
  return source.startsWith("{") ? parseJsonFeed(source, feedUrl, options) : parseXmlFeed(source, feedUrl, options);
}
