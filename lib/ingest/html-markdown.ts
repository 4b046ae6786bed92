// Article HTML as GitHub-flavoured Markdown with no raw HTML: sanitized first (html-sanitize.ts), then
// rendered block by block, text escaped so it always stays literal. Also the cover, summary, text. The one
// HTML→Markdown writer: feed items (store.ts) and the pages the summary pipeline extracts
// (lib/summary/extract/html.ts) both go through it.
import { sanitizeHtml } from "./html-sanitize";
import { clip, collapse, domText } from "./text";

export type MarkdownResult = { markdown: string; cover: string | null; summary: string | null; text: string };

type Block = { md: string; list?: boolean };
type Inline = { link?: boolean; strong?: boolean; em?: boolean; del?: boolean };

export const SUMMARY_MIN_CHARS = 20;
export const SUMMARY_MAX_CHARS = 200;
export const VIDEO_LINK_TEXT = "▶ 观看视频";

const CONTAINER_TAGS = new Set([
  "p", "div", "section", "article", "header", "footer", "aside", "main", "nav", "address", "details",
  "summary", "dl", "dt", "dd", "center", "li", "td", "th", "thead", "tbody", "tfoot", "tr", "caption",
]);
const BLOCK_TAGS = new Set([
  ...CONTAINER_TAGS, "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "pre", "table", "figure",
  "figcaption", "hr", "iframe",
]);
const CODE_TAGS = new Set(["code", "kbd", "samp", "tt"]);

const tagOf = (node: Node): string => (node.nodeType === 1 ? (node as Element).tagName.toLowerCase() : "");

/** Text made literal for Markdown; `|` only matters in tables and is escaped there. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>~]/g, "\\$&")
    .replace(/&(?=#?\w+;)/g, "\\&")
    .replace(/((?:java|vb)script):/gi, "$1\\:");
}

// Characters that would start a heading, list, quote or setext underline at the start of a line.
function escapeLineStart(line: string): string {
  if (/^[#+=-]/.test(line)) return `\\${line}`;
  return line.replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2");
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  for (const run of text.split(new RegExp(`[^${char}]+`))) longest = Math.max(longest, run.length);
  return longest;
}

function encodeUrl(url: string): string {
  return url
    .replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
    .replace(/((?:java|vb)script):/gi, "$1%3A");
}

function wrap(content: string, marker: string): string {
  const core = content.trim();
  if (!core) return content;
  const [lead] = /^\s*/.exec(content)!;
  const [trail] = /\s*$/.exec(content)!;
  return `${lead}${marker}${core}${marker}${trail}`;
}

function codeSpan(text: string): string {
  const code = text.replace(/\s+/g, " ");
  if (!code.trim()) return "";
  const fence = "`".repeat(longestRun(code, "`") + 1);
  const pad = code.startsWith("`") || code.endsWith("`") || (code.startsWith(" ") && code.endsWith(" ")) ? " " : "";
  return `${fence}${pad}${code}${pad}${fence}`;
}

function inline(node: Node, ctx: Inline): string {
  if (node.nodeType === 3) return escapeMarkdown((node.nodeValue ?? "").replace(/[ \t\n\r\f]+/g, " "));
  if (node.nodeType !== 1) return "";
  const el = node as Element;
  const tag = tagOf(el);
  const children = (next: Inline = ctx) => Array.from(el.childNodes, (child) => inline(child, next)).join("");
  if (tag === "br") return "\n";
  if (tag === "img") return `![${escapeMarkdown(collapse(el.getAttribute("alt")))}](${encodeUrl(el.getAttribute("src")!)})`;
  if (CODE_TAGS.has(tag)) return codeSpan(el.textContent ?? "");
  if (tag === "strong" || tag === "b") return ctx.strong ? children() : wrap(children({ ...ctx, strong: true }), "**");
  if (tag === "em" || tag === "i") return ctx.em ? children() : wrap(children({ ...ctx, em: true }), "*");
  if (tag === "del" || tag === "s" || tag === "strike") return ctx.del ? children() : wrap(children({ ...ctx, del: true }), "~~");
  if (tag === "a") {
    if (ctx.link) return children();
    const href = el.getAttribute("href")!;
    const text = collapse(children({ ...ctx, link: true }));
    return `[${text || escapeMarkdown(href)}](${encodeUrl(href)})`;
  }
  if (BLOCK_TAGS.has(tag)) return ` ${children()} `;
  return children();
}

/** An inline run as paragraphs: `<br>` is a hard break, two or more in a row part paragraphs. */
function paragraphs(run: string): Block[] {
  return run
    .replace(/ *\n */g, "\n")
    .replace(/ {2,}/g, " ")
    .split(/\n{2,}/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => ({ md: chunk.split("\n").map((line) => escapeLineStart(line.trim())).join("\\\n") }));
}

function oneLine(el: Element): string {
  return collapse(Array.from(el.childNodes, (child) => inline(child, {})).join(""));
}

function blocks(parent: Node): Block[] {
  const out: Block[] = [];
  let run = "";
  for (const child of Array.from(parent.childNodes)) {
    const tag = tagOf(child);
    if (!BLOCK_TAGS.has(tag)) {
      run += inline(child, {});
      continue;
    }
    out.push(...paragraphs(run), ...block(child as Element, tag));
    run = "";
  }
  return [...out, ...paragraphs(run)];
}

function joinBlocks(list: Block[]): string {
  return list.map((b, i) => (i === 0 ? b.md : `${b.list ? "\n" : "\n\n"}${b.md}`)).join("");
}

function prefixLines(text: string, first: string, rest: string, blank = ""): string {
  return text
    .split("\n")
    .map((line, i) => (line ? (i === 0 ? first : rest) + line : blank))
    .join("\n");
}

function list(el: Element, ordered: boolean): Block[] {
  const start = Number.parseInt(el.getAttribute("start") ?? "", 10);
  let n = start >= 0 ? start : 1;
  const items: string[] = [];
  for (const child of Array.from(el.children)) {
    const marker = ordered ? `${n}. ` : "- ";
    const tag = tagOf(child);
    const body = joinBlocks(tag === "ul" || tag === "ol" ? block(child, tag) : blocks(child));
    if (tag === "ul" || tag === "ol") {
      if (items.length && body) items[items.length - 1] += `\n${prefixLines(body, "  ", "  ")}`;
      continue;
    }
    n += 1;
    if (body) items.push(prefixLines(body, marker, " ".repeat(marker.length)));
  }
  if (!items.length) return [];
  const md = items.join("\n");
  return [{ md, list: md.startsWith("- ") || md.startsWith("1. ") }];
}

function fenced(el: Element): Block[] {
  const code = el.querySelector("code");
  const language = /language-(\S+)/.exec(`${el.getAttribute("class") ?? ""} ${code?.getAttribute("class") ?? ""}`)?.[1];
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? "");
    else if (tagOf(node) === "br") parts.push("\n");
    else for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(el);
  const text = parts.join("").replace(/^\r?\n/, "").replace(/\s+$/, "");
  if (!text.trim()) return [];
  const fence = "`".repeat(Math.max(3, longestRun(text, "`") + 1));
  return [{ md: `${fence}${language ?? ""}\n${text}\n${fence}` }];
}

function tableRows(table: Element): { rows: Element[]; header: Element | null } {
  const rows: Element[] = [];
  let header: Element | null = null;
  for (const child of Array.from(table.children)) {
    const tag = tagOf(child);
    if (tag === "tr") rows.push(child);
    if (tag !== "thead" && tag !== "tbody" && tag !== "tfoot") continue;
    const group = Array.from(child.children).filter((row) => tagOf(row) === "tr");
    if (tag === "thead" && !header && group.length) header = group[0];
    rows.push(...group);
  }
  return { rows, header };
}

function table(el: Element): Block[] {
  const { rows, header } = tableRows(el);
  const grid = rows.map((row) => Array.from(row.children).filter((cell) => tagOf(cell) === "td" || tagOf(cell) === "th"));
  const caption = Array.from(el.children).find((child) => tagOf(child) === "caption");
  const before = caption ? paragraphs(oneLine(caption)) : [];
  if (grid.length === 1 && grid[0].length === 1) return [...before, ...blocks(grid[0][0])];
  // One row of plain cells is layout, not data (Reddit's thumbnail beside its links): the cells in order.
  if (grid.length === 1 && grid[0].every((cell) => tagOf(cell) === "td")) return [...before, ...grid[0].flatMap((cell) => blocks(cell))];
  const width = Math.max(0, ...grid.map((cells) => cells.length));
  if (!width) return before;
  const headIndex = header ? rows.indexOf(header) : 0;
  const ordered = [grid[headIndex], ...grid.filter((_, i) => i !== headIndex)];
  const lines = ordered.map((cells) => {
    const texts = Array.from({ length: width }, (_, i) => {
      const cell = cells[i];
      return cell ? oneLine(cell).replace(/\|/g, "\\|") : "";
    });
    return `| ${texts.join(" | ")} |`;
  });
  lines.splice(1, 0, `|${" --- |".repeat(width)}`);
  return [...before, { md: lines.join("\n") }];
}

function block(el: Element, tag: string): Block[] {
  if (/^h[1-6]$/.test(tag)) {
    const text = oneLine(el).replace(/ #$/, " \\#");
    return text ? [{ md: `${"#".repeat(Number(tag[1]))} ${text}` }] : [];
  }
  if (tag === "ul" || tag === "ol") return list(el, tag === "ol");
  if (tag === "pre") return fenced(el);
  if (tag === "table") return table(el);
  if (tag === "hr") return [{ md: "---" }];
  if (tag === "iframe") return [{ md: `[${VIDEO_LINK_TEXT}](${encodeUrl(el.getAttribute("src")!)})` }];
  if (tag === "figcaption") {
    const caption = oneLine(el);
    return caption ? [{ md: wrap(caption, "*") }] : [];
  }
  if (tag === "blockquote") {
    const inner = joinBlocks(blocks(el));
    return inner ? [{ md: prefixLines(inner, "> ", "> ", ">") }] : [];
  }
  return blocks(el);
}

function firstSummary(body: Element): string | null {
  for (const p of Array.from(body.querySelectorAll("p"))) {
    const text = domText(p);
    if (Array.from(text).length >= SUMMARY_MIN_CHARS) return clip(text, SUMMARY_MAX_CHARS);
  }
  return null;
}

/** Feed article HTML as Markdown; `baseUrl` resolves relative links and images. */
export function htmlToMarkdown(html: string, baseUrl: string): MarkdownResult {
  return bodyToMarkdown(sanitizeHtml(html, baseUrl));
}

/**
 * A body that sanitizeHtml made, as Markdown, for a caller that reads the same body otherwise too (the summary's
 * extractor takes its text with blockText). The body is not changed.
 */
export function bodyToMarkdown(body: Element): MarkdownResult {
  const markdown = joinBlocks(blocks(body).map((b) => ({ md: b.md }))).trim();
  return {
    markdown,
    cover: body.querySelector("img")?.getAttribute("src") ?? null,
    summary: firstSummary(body),
    text: domText(body),
  };
}
