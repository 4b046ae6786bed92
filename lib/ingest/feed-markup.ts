// HTML that sits inside a feed's XML as elements rather than as text: Atom `type="xhtml"` content, and the
// raw, unescaped HTML many feeds (Reddit among them) put in `<description>`, `<content:encoded>` or an Atom
// `<content type="html">`. The XML parser has already made elements of it; this turns them back into HTML.
import { escapeHtml } from "./text";

const VOID_TAGS = new Set(["area", "br", "col", "hr", "img", "wbr", "source", "track", "embed", "param", "input"]);
// `&nbsp;`, `&eacute;`, `&#160;`: HTML entities the XML parser does not know are left as they were written.
const ENTITY_OR_AMPERSAND = /&(?:#\d+;|#x[\da-f]+;|[a-z][a-z\d]*;)?/gi;

/** XML text as HTML text: `<`, `>` and `"` escaped, `&` too unless it starts an entity HTML will read. */
function htmlText(value: string): string {
  return value
    .replace(ENTITY_OR_AMPERSAND, (match) => (match === "&" ? "&amp;" : match))
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * A node as HTML with explicit end tags (linkedom's XML output self-closes empty elements, which an HTML
 * parser would read as open tags). Namespace prefixes are dropped. A void element never has children in
 * HTML: whatever a lenient XML parse put inside an unclosed `<br>` or `<img>` follows it instead.
 */
export function xmlNodeToHtml(node: Node): string {
  if (node.nodeType === 3) return htmlText(node.nodeValue ?? "");
  if (node.nodeType === 4) return escapeHtml(node.nodeValue ?? "");
  if (node.nodeType !== 1) return "";
  const el = node as Element;
  const tag = el.tagName.split(":").pop()!.toLowerCase();
  const inner = Array.from(el.childNodes, xmlNodeToHtml).join("");
  if (!/^[a-z][a-z0-9-]*$/.test(tag)) return inner;
  const attributes = Array.from(el.getAttributeNames())
    .filter((name) => /^[a-z][\w-]*$/i.test(name) && name !== "xmlns")
    .map((name) => ` ${name}="${escapeHtml(el.getAttribute(name) ?? "")}"`)
    .join("");
  return VOID_TAGS.has(tag) ? `<${tag}${attributes}>${inner}` : `<${tag}${attributes}>${inner}</${tag}>`;
}

/** Whether `el` holds elements: HTML written into the feed unescaped. */
export function holdsMarkup(el: Element): boolean {
  return el.children.length > 0;
}

/**
 * The HTML an element carries: its text when the HTML was escaped or wrapped in CDATA (the usual way), its
 * inner markup when it was written raw. Trimmed; "" when empty.
 */
export function htmlOf(el: Element): string {
  return (holdsMarkup(el) ? Array.from(el.childNodes, xmlNodeToHtml).join("") : (el.textContent ?? "")).trim();
}
