// Plain-text helpers shared by the feed parser, the HTML→Markdown converter and the summary's extractor:
// whitespace collapsing, HTML escaping, DOM text with block boundaries (on one line, or as paragraphs),
// titles that may or may not be HTML, and clipping.
import { DROPPED_TAGS, parseFragment } from "./html-sanitize";

// Elements that start a new line when rendered, so their text never runs into a neighbour's.
const BLOCK_TAGS = new Set([
  "p", "div", "br", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "blockquote", "pre", "table",
  "tr", "td", "th", "caption", "figure", "figcaption", "hr", "section", "article", "header", "footer",
  "aside", "main", "nav", "address", "details", "summary", "dl", "dt", "dd", "center",
]);

// Tags a feed title may carry as markup; any other `<word>` in a title is taken as literal text.
const TITLE_MARKUP = new Set([
  "a", "abbr", "b", "big", "br", "cite", "code", "del", "em", "font", "i", "img", "ins", "kbd", "mark",
  "p", "q", "s", "small", "span", "strike", "strong", "sub", "sup", "tt", "u", "wbr", "div",
]);

const SENTENCE_END = new Set(["。", "！", "？", "；", "!", "?", ";", "."]);
const TRAILING_PAUSE = /[\s,，、;；:：—-]+$/;

export function collapse(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// A bare web address in plain text: ASCII up to a space, a quote, an angle bracket or a non-ASCII character
// (`详见https://a.cn/x。` ends at `。`); punctuation that ends the sentence is given back below.
const BARE_URL = /https?:\/\/[^\s<>"\u0080-\uffff]+/g;
const URL_TRAILING = /[.,;:!?'*]+$/;

/** A bare URL without the sentence punctuation after it, nor a closing bracket it never opened. */
function trimUrl(url: string): string {
  let end = url.replace(URL_TRAILING, "");
  for (const [open, close] of [["(", ")"], ["[", "]"]]) {
    while (end.endsWith(close) && end.split(close).length > end.split(open).length) end = end.slice(0, -1).replace(URL_TRAILING, "");
  }
  return end;
}

/** Plain text as escaped HTML whose bare http(s) addresses are links. */
export function linkifyText(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(BARE_URL)) {
    const url = trimUrl(match[0]);
    if (!URL.canParse(url)) continue;
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** Plain text as HTML: blank lines part paragraphs, single newlines become `<br>`, bare URLs become links. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${linkifyText(block).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}

/** The text of a DOM subtree, skipping non-content elements, blocks separated by a space; collapsed. */
export function domText(root: Node): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === 3 || node.nodeType === 4) parts.push(node.nodeValue ?? "");
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const tag = (node as Element).tagName?.toLowerCase() ?? "";
    if (DROPPED_TAGS.has(tag)) return;
    const block = BLOCK_TAGS.has(tag);
    if (block) parts.push(" ");
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) parts.push(" ");
  };
  walk(root);
  return collapse(parts.join(""));
}

// In blockText: a new line rather than a new paragraph, and a table cell's neighbour.
const LINE_TAGS = new Set(["br", "li", "tr", "dt", "dd"]);
const CELL_TAGS = new Set(["td", "th"]);
const PARAGRAPH = "\u0000";
const LINE = "\u0001";

/**
 * The text of a DOM subtree as paragraphs, skipping non-content elements: each block's text with its
 * whitespace collapsed, blocks apart by a blank line; a `<br>`, a list item, a table row and each line of
 * preformatted code start a new line, table cells stand apart by a space.
 */
export function blockText(root: Node): string {
  const parts: string[] = [];
  const walk = (node: Node, pre: boolean): void => {
    if (node.nodeType === 3 || node.nodeType === 4) {
      const value = node.nodeValue ?? "";
      parts.push(pre ? value.replace(/\r?\n/g, LINE) : value);
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const tag = (node as Element).tagName?.toLowerCase() ?? "";
    if (DROPPED_TAGS.has(tag)) return;
    const mark = CELL_TAGS.has(tag) ? " " : LINE_TAGS.has(tag) ? LINE : BLOCK_TAGS.has(tag) ? PARAGRAPH : "";
    parts.push(mark);
    for (const child of Array.from(node.childNodes)) walk(child, pre || tag === "pre");
    parts.push(mark);
  };
  walk(root, false);
  return parts
    .join("")
    .split(PARAGRAPH)
    .map((block) => block.split(LINE).map(collapse).filter(Boolean).join("\n"))
    .filter(Boolean)
    .join("\n\n");
}

export function htmlToText(html: string | null | undefined): string {
  return html ? domText(parseFragment(html)) : "";
}

/**
 * A title that may hold HTML (entities, `<b>`) or plain text with angle brackets (`vector<int>`):
 * parsed as HTML when every tag in it is a known inline tag, else only its entities are decoded.
 */
export function titleText(value: string | null | undefined): string {
  if (!value) return "";
  const body = parseFragment(value);
  const markupOnly = Array.from(body.querySelectorAll("*")).every((el) => TITLE_MARKUP.has(el.tagName.toLowerCase()));
  return markupOnly ? domText(body) : domText(parseFragment(value.replace(/</g, "&lt;")));
}

/** `text` cut to at most `max` characters (graphemes) at a sentence or word end, with "…" when cut. */
export function clip(text: string, max: number): string {
  const segmenter = new Intl.Segmenter("zh", { granularity: "grapheme" });
  const chars = Array.from(segmenter.segment(text), (s) => s.segment);
  if (chars.length <= max) return text;
  let head = chars.slice(0, max - 1);
  const sentence = head.findLastIndex((c, i) => i >= max / 2 && SENTENCE_END.has(c) && !/\w/.test(chars[i + 1] ?? ""));
  if (sentence > 0) head = head.slice(0, sentence);
  else if (/\w/.test(head[head.length - 1]) && /\w/.test(chars[head.length])) {
    const space = head.lastIndexOf(" ");
    if (space > max * 0.7) head = head.slice(0, space);
  }
  return `${head.join("").replace(TRAILING_PAUSE, "")}…`;
}
