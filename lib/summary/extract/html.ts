// Readable text out of a fetched HTML page: Mozilla Readability over a linkedom DOM finds the article, and
// the feed collector's writer renders it (lib/ingest): sanitized, as Markdown whose text is escaped the same
// way as a collected article's (headings, paragraphs, lists, quotes, code blocks, tables, links; pictures
// left out), and as plain text in paragraphs. Page metadata fills in where Readability finds none; dates
// follow the feed reader's rule (a date without a zone is Beijing time). Pure: no network, no database.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { parseFeedDate } from "@/lib/ingest/feed-common";
import { bodyToMarkdown } from "@/lib/ingest/html-markdown";
import { absoluteUrl, sanitizeHtml } from "@/lib/ingest/html-sanitize";
import { blockText } from "@/lib/ingest/text";

export type ExtractedArticle = {
  title: string;
  byline: string | null;
  siteName: string | null;
  /** ISO 8601, or null when the page does not say. */
  publishedAt: string | null;
  /** Plain text, blocks separated by a blank line. */
  text: string;
  markdown: string;
};

export type MediaFile = { url: string; kind: "video" | "audio"; type: string | null };
export type SubtitleTrack = {
  url: string;
  kind: "subtitles" | "captions";
  srclang: string | null;
  label: string | null;
};
export type MediaTracks = { media: MediaFile[]; tracks: SubtitleTrack[] };

/** Below this many characters of text a page has nothing worth summarising. */
export const MIN_READABLE_CHARS = 50;

// Removed before Readability runs: never content.
const NOISE_TAGS = "script, style, noscript, template, iframe, nav, form, button, svg, canvas";
// A class or id token naming comments, ads or a sidebar (`comment-list`, `ad`, `ads_top`, `sidebar`).
const NOISE_TOKEN = /^(comment\w*|ad|ads|advert\w*|sponsor\w*|sidebar|widget\w*|recommend\w*)$/i;
// Containers a noisy class name must not take down with it (`<body class="comments-open">`).
const KEEP_TAGS = new Set(["HTML", "HEAD", "BODY", "MAIN", "ARTICLE"]);

function isNoise(el: Element): boolean {
  if (KEEP_TAGS.has(el.tagName.toUpperCase()) || el.querySelector("article, main, h1")) return false;
  const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
  return names.split(/[\s_-]+/).some((token) => NOISE_TOKEN.test(token));
}

function parseDocument(html: string): Document {
  // linkedom needs a full document to give `head`/`body`; a fragment is wrapped.
  const source = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  return parseHTML(source).document as unknown as Document;
}

function clean(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text : null;
}

function meta(doc: Document, ...keys: string[]): string | null {
  for (const key of keys) {
    for (const el of Array.from(doc.querySelectorAll("meta"))) {
      const name = el.getAttribute("property") ?? el.getAttribute("name") ?? el.getAttribute("itemprop");
      if (name?.toLowerCase() === key) {
        const content = clean(el.getAttribute("content"));
        if (content) return content;
      }
    }
  }
  return null;
}

/** A date as ISO 8601 by the feed reader's rule, or null when it is not a date. */
const isoDate = (value: string | null | undefined): string | null => parseFeedDate(value)?.toISOString() ?? null;

type PageMeta = { title: string | null; byline: string | null; siteName: string | null; publishedAt: string | null };

function pageMeta(doc: Document): PageMeta {
  const time = doc.querySelector("time[datetime]");
  return {
    title: meta(doc, "og:title", "twitter:title") ?? clean(doc.querySelector("title")?.textContent),
    byline: meta(doc, "author", "article:author"),
    siteName: meta(doc, "og:site_name", "application-name"),
    publishedAt:
      isoDate(meta(doc, "article:published_time", "datepublished", "pubdate", "publishdate")) ??
      isoDate(time?.getAttribute("datetime")),
  };
}

const TITLE_SEPARATOR = /\s+[|\-_—–·]\s+|\s*[|｜_—–·]\s*/;

/** "文章标题 | 站点名" → "文章标题": drop the site name, or keep the page's one `<h1>` the title contains. */
function cleanTitle(title: string, siteName: string | null, headings: string[]): string {
  if (!TITLE_SEPARATOR.test(title)) return title;
  const h1 = headings.length === 1 ? headings[0] : null;
  if (h1 && title.includes(h1)) return h1;
  if (siteName) {
    const parts = title.split(TITLE_SEPARATOR).map((p) => p.trim()).filter(Boolean);
    const rest = parts.filter((p) => p !== siteName);
    if (rest.length && rest.length < parts.length) return rest.join(" - ");
  }
  return title;
}

// ---- Public API ----

/** The article in an HTML page, or null when the page has nothing readable. */
export function extractArticle(html: string, url: string): ExtractedArticle | null {
  const doc = parseDocument(html);
  const fallback = pageMeta(doc);
  const headings = Array.from(doc.querySelectorAll("h1"))
    .map((h) => clean(h.textContent))
    .filter((h): h is string => !!h);

  for (const el of Array.from(doc.querySelectorAll(NOISE_TAGS))) el.remove();
  for (const el of Array.from(doc.querySelectorAll("[class], [id]"))) {
    if (el.isConnected && isNoise(el)) el.remove();
  }

  const reader = new Readability<Element>(doc, {
    charThreshold: 100,
    keepClasses: true, // code blocks keep `language-*`
    serializer: (node) => node as Element,
  });
  let parsed: ReturnType<typeof reader.parse> = null;
  try {
    parsed = reader.parse();
  } catch {
    parsed = null;
  }

  let markdown = "";
  let text = "";
  if (parsed?.content) {
    // A summary reads words: pictures are left out before the writer renders the rest.
    for (const picture of Array.from(parsed.content.querySelectorAll("img, picture"))) picture.remove();
    const body = sanitizeHtml(parsed.content.innerHTML, url);
    markdown = bodyToMarkdown(body).markdown;
    text = blockText(body);
  }
  const siteName = clean(parsed?.siteName) ?? fallback.siteName;
  const title = cleanTitle(clean(parsed?.title) ?? fallback.title ?? "", siteName, headings);
  // Readability repeats the title as the first heading at times; the title is returned on its own.
  const [first] = text.split("\n\n", 1);
  if (first === title && /^#{1,6} /.test(markdown)) {
    text = text.slice(first.length).trimStart();
    markdown = markdown.replace(/^#{1,6} [^\n]*\n*/, "");
  }

  if ([...text.replace(/\s+/g, "")].length < MIN_READABLE_CHARS) return null;

  return {
    title,
    byline: clean(parsed?.byline) ?? fallback.byline,
    siteName,
    publishedAt: isoDate(parsed?.publishedTime) ?? fallback.publishedAt,
    text,
    markdown,
  };
}

/** `<video>`/`<audio>` sources and their subtitle/caption tracks, as absolute URLs, without repeats. */
export function mediaTracks(html: string, url: string): MediaTracks {
  const doc = parseDocument(html);
  const media: MediaFile[] = [];
  const tracks: SubtitleTrack[] = [];
  const seen = new Set<string>();
  for (const el of Array.from(doc.querySelectorAll("video, audio"))) {
    const kind = el.tagName.toLowerCase() === "audio" ? "audio" : "video";
    const sources: { src: string | null; type: string | null }[] = [
      { src: el.getAttribute("src"), type: null },
      ...Array.from(el.querySelectorAll("source")).map((s) => ({
        src: s.getAttribute("src"),
        type: clean(s.getAttribute("type")),
      })),
    ];
    for (const { src, type } of sources) {
      const abs = absoluteUrl(src, url);
      if (!abs || seen.has(abs)) continue;
      seen.add(abs);
      media.push({ url: abs, kind, type });
    }
    for (const track of Array.from(el.querySelectorAll("track"))) {
      const trackKind = (track.getAttribute("kind") ?? "subtitles").toLowerCase();
      if (trackKind !== "subtitles" && trackKind !== "captions") continue;
      const abs = absoluteUrl(track.getAttribute("src"), url);
      if (!abs || seen.has(abs)) continue;
      seen.add(abs);
      tracks.push({
        url: abs,
        kind: trackKind,
        srclang: clean(track.getAttribute("srclang")),
        label: clean(track.getAttribute("label")),
      });
    }
  }
  return { media, tracks };
}
