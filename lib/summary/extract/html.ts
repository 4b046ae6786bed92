// Readable text out of a fetched HTML page: Mozilla Readability over a linkedom DOM, the article body
// rendered as Markdown (headings, paragraphs, lists, quotes, code blocks) and as plain text, with page
// metadata as a fallback where Readability finds none. Pure: no network, no database.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

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

/** A date string as ISO 8601, or null when it is not a date. */
export function toIsoDate(value: string | null | undefined): string | null {
  const text = clean(value);
  if (!text) return null;
  // "2024年3月5日 08:30" → "2024-03-05 08:30"
  const zh = text.match(/^(\d{4})年(\d{1,2})月(\d{1,2})日\s*(\d{1,2}:\d{2}(?::\d{2})?)?/);
  const normalized = zh
    ? `${zh[1]}-${zh[2].padStart(2, "0")}-${zh[3].padStart(2, "0")}T${zh[4] ?? "00:00"}${zh[4]?.length === 5 ? ":00" : ""}+08:00`
    : text;
  const time = Date.parse(normalized);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

type PageMeta = { title: string | null; byline: string | null; siteName: string | null; publishedAt: string | null };

function pageMeta(doc: Document): PageMeta {
  const time = doc.querySelector("time[datetime]");
  return {
    title: meta(doc, "og:title", "twitter:title") ?? clean(doc.querySelector("title")?.textContent),
    byline: meta(doc, "author", "article:author"),
    siteName: meta(doc, "og:site_name", "application-name"),
    publishedAt:
      toIsoDate(meta(doc, "article:published_time", "datepublished", "pubdate", "publishdate")) ??
      toIsoDate(time?.getAttribute("datetime")),
  };
}

// ---- Markdown and text from the article element ----

type Block = { markdown: string; text: string };

const BLOCK_TAGS = new Set([
  "ADDRESS", "ARTICLE", "ASIDE", "BLOCKQUOTE", "DD", "DETAILS", "DIV", "DL", "DT", "FIELDSET", "FIGCAPTION",
  "FIGURE", "FOOTER", "H1", "H2", "H3", "H4", "H5", "H6", "HEADER", "HR", "LI", "MAIN", "OL", "P", "PRE",
  "SECTION", "TABLE", "TBODY", "TD", "TH", "THEAD", "TR", "UL",
]);

function squash(text: string): string {
  return text.replace(/[ \t\r\n\u00a0]+/g, " ").trim();
}

/** Inline content as Markdown; `plain` collects the same words without markup. */
function inline(node: Node, baseUrl: string, out: { md: string; plain: string }): void {
  if (node.nodeType === 3) {
    const value = node.textContent ?? "";
    out.md += value;
    out.plain += value;
    return;
  }
  if (node.nodeType !== 1) return;
  const el = node as Element;
  const tag = el.tagName.toUpperCase();
  if (tag === "BR") {
    out.md += "\n";
    out.plain += "\n";
    return;
  }
  if (tag === "IMG") return;
  if (tag === "CODE" || tag === "KBD") {
    const code = el.textContent ?? "";
    out.md += code ? `\`${code}\`` : "";
    out.plain += code;
    return;
  }
  const inner = { md: "", plain: "" };
  for (const child of Array.from(el.childNodes)) inline(child, baseUrl, inner);
  const md = inner.md.trim() ? inner.md : "";
  if ((tag === "STRONG" || tag === "B") && md) out.md += `**${md.trim()}**`;
  else if ((tag === "EM" || tag === "I") && md) out.md += `*${md.trim()}*`;
  else if (tag === "A" && md) {
    const href = absoluteUrl(el.getAttribute("href"), baseUrl);
    out.md += href && /^https?:/.test(href) ? `[${squash(md)}](${href})` : md;
  } else out.md += inner.md;
  out.plain += inner.plain;
}

function absoluteUrl(href: string | null, baseUrl: string): string | null {
  if (!href) return null;
  try {
    return new URL(href.trim(), baseUrl).href;
  } catch {
    return null;
  }
}

function hasBlockChild(el: Element): boolean {
  return Array.from(el.children).some((child) => BLOCK_TAGS.has(child.tagName.toUpperCase()));
}

function codeLanguage(pre: Element): string {
  const names = `${pre.getAttribute("class") ?? ""} ${pre.querySelector("code")?.getAttribute("class") ?? ""}`;
  return names.match(/(?:language|lang)-([\w+#-]+)/)?.[1] ?? "";
}

function collectBlocks(el: Element, baseUrl: string, blocks: Block[], listDepth = 0): void {
  let pending = { md: "", plain: "" };
  const flush = () => {
    if (!pending.plain.trim()) {
      pending = { md: "", plain: "" };
      return;
    }
    const md = squash(pending.md.replace(/\n/g, "\u0000")).replace(/\s*\u0000\s*/g, "  \n");
    const plain = squash(pending.plain.replace(/\n/g, "\u0000")).replace(/\s*\u0000\s*/g, "\n");
    if (plain) blocks.push({ markdown: md, text: plain });
    pending = { md: "", plain: "" };
  };
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType !== 1) {
      inline(child, baseUrl, pending);
      continue;
    }
    const node = child as Element;
    const tag = node.tagName.toUpperCase();
    if (!BLOCK_TAGS.has(tag)) {
      inline(node, baseUrl, pending);
      continue;
    }
    flush();
    if (/^H[1-6]$/.test(tag)) {
      const text = squash(node.textContent ?? "");
      const level = Math.max(2, Math.min(4, Number(tag[1])));
      if (text) blocks.push({ markdown: `${"#".repeat(level)} ${text}`, text });
    } else if (tag === "PRE") {
      const code = (node.textContent ?? "").replace(/^\n+|\s+$/g, "");
      if (code) blocks.push({ markdown: `\`\`\`${codeLanguage(node)}\n${code}\n\`\`\``, text: code });
    } else if (tag === "UL" || tag === "OL") {
      const items = Array.from(node.children).filter((c) => c.tagName.toUpperCase() === "LI");
      const lines: Block[] = [];
      items.forEach((li, index) => {
        const own: Block[] = [];
        collectBlocks(li, baseUrl, own, listDepth + 1);
        const [first, ...rest] = own;
        if (!first) return;
        const marker = tag === "OL" ? `${index + 1}.` : "-";
        const indent = "  ".repeat(listDepth);
        lines.push({ markdown: `${indent}${marker} ${first.markdown}`, text: first.text });
        for (const more of rest) lines.push({ markdown: `${indent}  ${more.markdown}`, text: more.text });
      });
      if (lines.length) {
        blocks.push({
          markdown: lines.map((l) => l.markdown).join("\n"),
          text: lines.map((l) => l.text).join("\n"),
        });
      }
    } else if (tag === "BLOCKQUOTE") {
      const inner: Block[] = [];
      collectBlocks(node, baseUrl, inner, listDepth);
      for (const b of inner) blocks.push({ markdown: b.markdown.replace(/^/gm, "> "), text: b.text });
    } else if (tag === "HR") {
      continue;
    } else if (tag === "TR") {
      const cells = Array.from(node.children).map((c) => squash(c.textContent ?? "")).filter(Boolean);
      if (cells.length) blocks.push({ markdown: cells.join(" | "), text: cells.join(" ") });
    } else if (hasBlockChild(node) || tag !== "P") {
      collectBlocks(node, baseUrl, blocks, listDepth);
    } else {
      inline(node, baseUrl, pending);
      flush();
    }
  }
  flush();
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

  const blocks: Block[] = [];
  if (parsed?.content) collectBlocks(parsed.content, url, blocks);
  const siteName = clean(parsed?.siteName) ?? fallback.siteName;
  const title = cleanTitle(clean(parsed?.title) ?? fallback.title ?? "", siteName, headings);
  // Readability repeats the title as the first heading at times; the title is returned on its own.
  if (blocks[0] && /^#+ /.test(blocks[0].markdown) && blocks[0].text === title) blocks.shift();

  const text = blocks.map((b) => b.text).join("\n\n");
  if ([...text.replace(/\s+/g, "")].length < MIN_READABLE_CHARS) return null;

  return {
    title,
    byline: clean(parsed?.byline) ?? fallback.byline,
    siteName,
    publishedAt: toIsoDate(parsed?.publishedTime) ?? fallback.publishedAt,
    text,
    markdown: blocks.map((b) => b.markdown).join("\n\n"),
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
      if (!abs || !/^https?:/.test(abs) || seen.has(abs)) continue;
      seen.add(abs);
      media.push({ url: abs, kind, type });
    }
    for (const track of Array.from(el.querySelectorAll("track"))) {
      const trackKind = (track.getAttribute("kind") ?? "subtitles").toLowerCase();
      if (trackKind !== "subtitles" && trackKind !== "captions") continue;
      const abs = absoluteUrl(track.getAttribute("src"), url);
      if (!abs || !/^https?:/.test(abs) || seen.has(abs)) continue;
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
