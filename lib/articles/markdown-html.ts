// Article markdown as an HTML string, by the rules of the site's renderer (components/article/markdown.tsx):
// GitHub-flavoured, line breaks kept, raw HTML never rendered, link and image URLs with an unsafe protocol
// removed. For places that need the HTML as text, not React elements: the site's own feeds
// (lib/articles/site-feed.ts), whose route handlers run under the react-server condition where
// react-dom/server is not available. Differences from the page: raw HTML is dropped rather than shown as
// text (remark-rehype without allowDangerousHtml), code is not highlighted (a feed reader has none of our
// styles), and relative URLs resolve against `base` (a reader shows the body away from our pages). Pure.
import type { Element, Root, RootContent } from "hast";
import { toHtml } from "hast-util-to-html";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkBreaks).use(remarkRehype).freeze();

// react-markdown's defaultUrlTransform: a URL naming any other protocol is removed.
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/** Whether `url` is relative or names a safe protocol (the rule of react-markdown's defaultUrlTransform). */
export function isSafeUrl(url: string): boolean {
  const colon = url.indexOf(":");
  if (colon === -1) return true;
  const before = (c: string) => url.indexOf(c) !== -1 && colon > url.indexOf(c);
  return before("/") || before("?") || before("#") || SAFE_PROTOCOL.test(url.slice(0, colon));
}

/** `url` if safe, resolved against `base` (fragments such as footnote links stay as they are); else null. */
function safeUrl(url: string, base: string | undefined): string | null {
  if (!isSafeUrl(url)) return null;
  if (!base || url.startsWith("#")) return url;
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

// Markdown (with raw HTML dropped) makes URLs only in a[href] and img[src].
const URL_PROPERTIES = ["href", "src"] as const;

function cleanUrls(node: Root | Element, base: string | undefined): void {
  for (const child of node.children as RootContent[]) {
    if (child.type !== "element") continue;
    for (const name of URL_PROPERTIES) {
      const value = child.properties[name];
      if (value === undefined || value === null) continue;
      const url = safeUrl(String(value), base);
      if (url === null) delete child.properties[name];
      else child.properties[name] = url;
    }
    cleanUrls(child, base);
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The HTML of article `markdown`; if parsing fails, the text itself in one paragraph (as the page shows it). */
export function markdownToHtml(markdown: string, { base }: { base?: string } = {}): string {
  try {
    const tree = processor.runSync(processor.parse(markdown)) as Root;
    cleanUrls(tree, base);
    return toHtml(tree);
  } catch {
    return `<p>${escapeHtml(markdown).replace(/\r?\n/g, "<br>")}</p>`;
  }
}
