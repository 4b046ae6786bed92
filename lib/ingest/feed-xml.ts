// RSS 2.0, RSS 1.0 (RDF) and Atom 1.0 read by walking a linkedom XML DOM. Namespaced elements are matched
// by their namespace, not their prefix, so `<c:encoded xmlns:c="…/content/">` counts as content:encoded.
import { DOMParser } from "linkedom";
import { absoluteUrl } from "./html-sanitize";
import { holdsMarkup, htmlOf, xmlNodeToHtml } from "./feed-markup";
import { collapse, htmlToText, textToHtml, titleText } from "./text";
import {
  FEED_MESSAGES, FeedParseError, absolutizeHtml, collectItems, distinctSummary, isMediaFile, parseFeedDate, personName,
  type FeedItem, type FeedMedia, type ParseOptions, type ParsedFeed,
} from "./feed-common";

// Namespace URI → the prefix this module asks for; "" for the feed's own vocabulary.
const NAMESPACES: Record<string, string> = {
  "http://www.w3.org/2005/Atom": "",
  "http://purl.org/rss/1.0/": "",
  "http://backend.userland.com/rss2": "",
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
  "http://purl.org/rss/1.0/modules/content/": "content",
  "http://purl.org/dc/elements/1.1/": "dc",
  "http://search.yahoo.com/mrss/": "media",
  "http://search.yahoo.com/mrss": "media",
  "http://www.itunes.com/dtds/podcast-1.0.dtd": "itunes",
  "http://rssnamespace.org/feedburner/ext/1.0": "feedburner",
  "http://www.youtube.com/xml/schemas/2015": "yt",
};
const IMAGE_FILE = /\.(avif|gif|jpe?g|png|webp)(\?|$)/i;
const YOUTUBE_VIDEO_ID = /^[\w-]{11}$/;

function nameOf(el: Element): string {
  const [prefix, local] = el.tagName.includes(":") ? el.tagName.split(":", 2) : ["", el.tagName];
  const attribute = prefix ? `xmlns:${prefix}` : "xmlns";
  let uri: string | null = null;
  for (let node: Element | null = el; node && uri === null; node = node.parentElement) uri = node.getAttribute(attribute);
  const name = (uri === null ? undefined : NAMESPACES[uri.trim()]) ?? prefix;
  return (name ? `${name}:${local}` : local).toLowerCase();
}

function kids(el: Element, name: string): Element[] {
  return Array.from(el.children).filter((child) => nameOf(child) === name);
}

function first(el: Element, name: string): Element | null {
  return kids(el, name)[0] ?? null;
}

/** Trimmed text of the first `names` child that has any, in the order the names are given. */
function text(el: Element, ...names: string[]): string | null {
  for (const name of names) {
    for (const child of kids(el, name)) {
      const value = child.textContent?.trim();
      if (value) return value;
    }
  }
  return null;
}

/** The HTML of the first `name` child that has any (escaped, CDATA or raw markup); null when none has. */
function htmlChild(el: Element, name: string): string | null {
  for (const child of kids(el, name)) {
    const html = htmlOf(child);
    if (html) return html;
  }
  return null;
}

/**
 * The base for relative URLs inside item HTML: the `xml:base` in effect when the feed sets one, else the
 * item's own link (a feed proxied from another host, like RSSHub, still points at the article's site).
 */
function contentBase(el: Element, feedUrl: string, itemUrl: string | null): string {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.getAttribute("xml:base")?.trim()) return baseOf(el, feedUrl);
  }
  return itemUrl ?? feedUrl;
}

/** The base URL in effect at `el`: every `xml:base` from the root down, applied to the feed URL. */
function baseOf(el: Element, feedUrl: string): string {
  const bases: string[] = [];
  for (let node: Element | null = el; node; node = node.parentElement) {
    const base = node.getAttribute("xml:base")?.trim();
    if (base) bases.unshift(base);
  }
  return bases.reduce((current, base) => absoluteUrl(base, current) ?? current, feedUrl);
}

function mediaCover(el: Element, feedUrl: string): string | null {
  const groups = [el, ...kids(el, "media:group")];
  const contents = groups.flatMap((group) => kids(group, "media:content"));
  const images = contents.filter(
    (c) => c.getAttribute("medium") === "image" || c.getAttribute("type")?.trim().startsWith("image/"),
  );
  const thumbnails = [...groups, ...contents].flatMap((parent) => kids(parent, "media:thumbnail"));
  for (const candidate of [...images, ...thumbnails]) {
    const url = absoluteUrl(candidate.getAttribute("url"), baseOf(candidate, feedUrl));
    if (url) return url;
  }
  return null;
}

/**
 * Audio and video files of an item, without repeats: `files` (RSS enclosures, Atom enclosure links) first,
 * then Media RSS `media:content` on the item or in its `media:group` (`medium` audio or video, or a media type).
 */
function mediaFiles(el: Element, feedUrl: string, files: { el: Element; url: string | null }[]): FeedMedia[] {
  const groups = [el, ...kids(el, "media:group")];
  const contents = groups.flatMap((group) => kids(group, "media:content")).map((c) => ({ el: c, url: c.getAttribute("url") }));
  const out: FeedMedia[] = [];
  for (const file of [...files, ...contents]) {
    const url = absoluteUrl(file.url, baseOf(file.el, feedUrl));
    const type = file.el.getAttribute("type")?.trim() || null;
    const medium = file.el.getAttribute("medium")?.trim().toLowerCase();
    if (!url || out.some((m) => m.url === url)) continue;
    if (medium === "audio" || medium === "video" || isMediaFile(url, type)) out.push({ url, type });
  }
  return out;
}

/**
 * The Media RSS description (YouTube's is in `media:group`): on the item, its `media:group`, or one of their
 * `media:content`, as HTML. `type="html"` is HTML; plain text (the default) keeps its line breaks and links.
 */
function mediaDescription(el: Element): string | null {
  const groups = [el, ...kids(el, "media:group")];
  const holders = [...groups, ...groups.flatMap((group) => kids(group, "media:content"))];
  for (const description of holders.flatMap((holder) => kids(holder, "media:description"))) {
    const html = description.getAttribute("type")?.trim().toLowerCase() === "html" || holdsMarkup(description);
    const value = html ? htmlOf(description) : description.textContent?.trim();
    if (value) return html ? value : textToHtml(value);
  }
  return null;
}

function rssCover(item: Element, feedUrl: string): string | null {
  for (const enclosure of kids(item, "enclosure")) {
    const type = enclosure.getAttribute("type")?.trim();
    const raw = enclosure.getAttribute("url");
    const image = type ? type.startsWith("image/") : IMAGE_FILE.test(raw ?? "");
    const url = image ? absoluteUrl(raw, baseOf(enclosure, feedUrl)) : null;
    if (url) return url;
  }
  const itunes = first(item, "itunes:image");
  return mediaCover(item, feedUrl) ?? (itunes ? absoluteUrl(itunes.getAttribute("href"), baseOf(itunes, feedUrl)) : null);
}

const rssDate = (item: Element) => parseFeedDate(text(item, "pubdate", "dc:date", "published", "updated"));
const atomDate = (entry: Element) => parseFeedDate(text(entry, "published", "issued", "updated", "modified", "dc:date"));

function rssItem(item: Element, feedUrl: string): FeedItem {
  const base = baseOf(item, feedUrl);
  const guidElement = first(item, "guid");
  const guid = collapse(guidElement?.textContent) || item.getAttribute("rdf:about")?.trim() || null;
  const permalink = guidElement?.getAttribute("isPermaLink")?.trim().toLowerCase() !== "false";
  const url =
    absoluteUrl(text(item, "feedburner:origlink"), base) ??
    absoluteUrl(text(item, "link"), base) ??
    (guidElement && permalink ? absoluteUrl(guid, base) : null);
  const content = htmlChild(item, "content:encoded");
  const description = htmlChild(item, "description");
  const bodyHtml = content ?? description ?? mediaDescription(item);
  const html = bodyHtml ? absolutizeHtml(bodyHtml, contentBase(item, feedUrl, url)) : null;
  return {
    guid,
    url,
    title: titleText(text(item, "title")),
    html,
    summary: content && description ? distinctSummary(htmlToText(description), html) : null,
    author: personName(text(item, "dc:creator")) ?? personName(text(item, "author", "itunes:author")),
    publishedAt: rssDate(item),
    cover: rssCover(item, feedUrl),
    media: mediaFiles(item, feedUrl, kids(item, "enclosure").map((e) => ({ el: e, url: e.getAttribute("url") }))),
  };
}

function rssFeed(root: Element, feedUrl: string, options: ParseOptions): ParsedFeed {
  const channel = first(root, "channel") ?? root;
  const items = [...kids(channel, "item"), ...(channel === root ? [] : kids(root, "item"))];
  const ttl = Number.parseInt(text(channel, "ttl") ?? "", 10);
  return {
    kind: "rss",
    title: titleText(text(channel, "title")) || null,
    siteUrl: absoluteUrl(text(channel, "link"), baseOf(channel, feedUrl)),
    ttlMinutes: ttl > 0 ? ttl : null,
    items: collectItems(items, { ...options, dateOf: rssDate, build: (item) => rssItem(item, feedUrl) }),
  };
}

/** An Atom text construct (`type` text, html or xhtml) as HTML and as plain text; null when empty. */
function construct(el: Element | null): { html: string; text: string } | null {
  if (!el || el.getAttribute("src")) return null;
  const type = (el.getAttribute("type") ?? "text").trim().toLowerCase();
  let html: string;
  if (type === "xhtml" || type === "application/xhtml+xml") {
    const div = Array.from(el.children).find((child) => child.tagName.split(":").pop()!.toLowerCase() === "div");
    html = Array.from((div ?? el).childNodes, xmlNodeToHtml).join("").trim();
  } else if (type === "html" || type === "text/html" || holdsMarkup(el)) html = htmlOf(el);
  else if (type === "text" || type.startsWith("text/")) {
    const plain = el.textContent?.trim() ?? "";
    return plain ? { html: textToHtml(plain), text: collapse(plain) } : null;
  } else return null;
  return html ? { html, text: htmlToText(html) } : null;
}

function atomLink(el: Element, feedUrl: string): string | null {
  const links = kids(el, "link").filter((link) => (link.getAttribute("rel")?.trim() || "alternate") === "alternate");
  const html = links.find((link) => /html/i.test(link.getAttribute("type") ?? "text/html")) ?? links[0];
  return html ? absoluteUrl(html.getAttribute("href"), baseOf(html, feedUrl)) : null;
}

/** A YouTube entry's watch page from its `yt:videoId`, for an entry without an alternate link. */
function youtubeWatchUrl(entry: Element): string | null {
  const id = text(entry, "yt:videoid");
  return id && YOUTUBE_VIDEO_ID.test(id) ? `https://www.youtube.com/watch?v=${id}` : null;
}

const atomEnclosures = (entry: Element) => kids(entry, "link").filter((link) => link.getAttribute("rel")?.trim() === "enclosure");

function atomCover(entry: Element, feedUrl: string): string | null {
  const enclosure = atomEnclosures(entry).find((link) => link.getAttribute("type")?.trim().startsWith("image/"));
  return mediaCover(entry, feedUrl) ?? (enclosure ? absoluteUrl(enclosure.getAttribute("href"), baseOf(enclosure, feedUrl)) : null);
}

function atomAuthor(el: Element): string | null {
  for (const author of kids(el, "author")) {
    const name = personName(text(author, "name"));
    if (name) return name;
  }
  return personName(text(el, "dc:creator"));
}

function atomEntry(entry: Element, feedUrl: string, feedAuthor: string | null): FeedItem {
  const [contentElement, summaryElement] = [first(entry, "content"), first(entry, "summary")];
  const content = construct(contentElement);
  const summary = construct(summaryElement);
  const [body, bodyElement] = content ? [content.html, contentElement] : summary ? [summary.html, summaryElement] : [mediaDescription(entry), entry];
  const url = atomLink(entry, feedUrl) ?? youtubeWatchUrl(entry);
  const html = body && bodyElement ? absolutizeHtml(body, contentBase(bodyElement, feedUrl, url)) : null;
  return {
    guid: collapse(text(entry, "id")) || null,
    url,
    title: construct(first(entry, "title"))?.text ?? "",
    html,
    summary: content && summary ? distinctSummary(summary.text, html) : null,
    author: atomAuthor(entry) ?? feedAuthor,
    publishedAt: atomDate(entry),
    cover: atomCover(entry, feedUrl),
    media: mediaFiles(entry, feedUrl, atomEnclosures(entry).map((link) => ({ el: link, url: link.getAttribute("href") }))),
  };
}

function atomFeed(root: Element, feedUrl: string, options: ParseOptions): ParsedFeed {
  const feedAuthor = atomAuthor(root);
  return {
    kind: "atom",
    title: construct(first(root, "title"))?.text || null,
    siteUrl: atomLink(root, feedUrl),
    ttlMinutes: null,
    items: collectItems(kids(root, "entry"), { ...options, dateOf: atomDate, build: (entry) => atomEntry(entry, feedUrl, feedAuthor) }),
  };
}

/** An RSS or Atom document; throws FeedParseError for broken XML or another kind of document. */
export function parseXmlFeed(xml: string, feedUrl: string, options: ParseOptions = {}): ParsedFeed {
  const doc = new DOMParser().parseFromString(xml, "text/xml") as unknown as Document;
  const root = doc.documentElement as Element | null;
  if (!root) throw new FeedParseError(xml.startsWith("<") ? FEED_MESSAGES.badXml : FEED_MESSAGES.unknown);
  // linkedom closes whatever is left open at the end; a root that is never closed means a cut-off download.
  if (root.childNodes.length && !xml.includes(`</${root.tagName}`)) throw new FeedParseError(FEED_MESSAGES.truncated);
  const name = nameOf(root);
  if (name === "rss" || name === "rdf:rdf") return rssFeed(root, feedUrl, options);
  if (name === "feed") return atomFeed(root, feedUrl, options);
  throw new FeedParseError(FEED_MESSAGES.unknown);
}
