// Allowlist sanitizer for feed article HTML: parses a fragment with linkedom and rewrites the tree in
// place so only the tags the Markdown renderer understands remain, with absolute, safe URLs.
import { parseHTML } from "linkedom";

/** Removed together with everything inside them. */
export const DROPPED_TAGS = new Set([
  "script", "style", "noscript", "template", "object", "embed", "form", "input", "button", "select",
  "textarea", "svg", "math", "link", "meta", "base", "frame", "frameset", "head", "title",
  "video", "audio", "source", "track", "canvas", "map", "area", "dialog", "iframe",
]);

/** Kept as elements; any other tag is unwrapped (its children stay in its place). */
const KEPT_TAGS = new Set([
  "p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "del", "s", "strike",
  "code", "kbd", "samp", "tt", "pre", "blockquote", "ul", "ol", "li", "a", "img", "hr", "table",
  "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "figure", "figcaption", "div", "section",
  "article", "header", "footer", "aside", "main", "nav", "address", "details", "summary", "dl", "dt",
  "dd", "center",
]);

/** Attributes that survive on kept elements; everything else (on*, style, class…) is removed. */
const KEPT_ATTRIBUTES: Record<string, string[]> = {
  a: ["href"],
  img: ["src", "alt"],
  ol: ["start"],
  pre: ["class"],
  code: ["class"],
  iframe: ["src"],
};

// Video players whose iframes become a link line; YouTube only for its /embed/ player path.
const IFRAME_HOSTS: Record<string, string> = {
  "player.bilibili.com": "/",
  "www.youtube.com": "/embed/",
  "www.youtube-nocookie.com": "/embed/",
  "v.qq.com": "/",
};

const LAZY_IMAGE_ATTRIBUTES = ["src", "data-src", "data-original", "data-actualsrc"];
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
const WEB_PROTOCOLS = new Set(["http:", "https:"]);
const BEACON_PATH = /\/(pixel|beacon|track|tracking|tracker)(?=[./?_]|$)|\/open\?|\.gif\?./i;
const BEACON_HOST = /^(stats?\d*|hm\.baidu\.com|[\w.-]*google-analytics\.com|[\w.-]*doubleclick\.net)(\.|$)/i;
const LANGUAGE = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/i;
// Deeper elements become their text, so the recursive walks that follow cannot overflow the stack.
const MAX_DEPTH = 100;

function flattenDeep(root: Element): void {
  const stack: [Element, number][] = [[root, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [el, depth] = entry;
    for (const child of Array.from(el.children)) {
      if (depth < MAX_DEPTH) {
        stack.push([child, depth + 1]);
        continue;
      }
      for (const dropped of Array.from(child.querySelectorAll([...DROPPED_TAGS].join(",")))) dropped.remove();
      const text = DROPPED_TAGS.has(child.tagName.toLowerCase()) ? "" : (child.textContent ?? "");
      child.replaceWith(child.ownerDocument.createTextNode(text));
    }
  }
}

/** The `<body>` of a fragment wrapped into a whole document, so linkedom parses it as HTML. */
export function parseFragment(html: string): HTMLElement {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const body = document.body as unknown as HTMLElement;
  flattenDeep(body);
  return body;
}

/** `raw` made absolute against `base`; `//host` becomes https; null unless its protocol is allowed. */
export function absoluteUrl(raw: string | null | undefined, base: string, protocols = WEB_PROTOCOLS): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = value.startsWith("//") ? new URL(`https:${value}`) : new URL(value, base || undefined);
    return protocols.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export function isTrackingPixel(img: Element, src: string): boolean {
  for (const name of ["width", "height"]) {
    const size = Number.parseFloat(img.getAttribute(name) ?? "");
    if (Number.isFinite(size) && size <= 2) return true;
  }
  const url = new URL(src);
  const segments = url.pathname.split("/");
  return (
    BEACON_PATH.test(`//${url.host}${url.pathname}${url.search}`) ||
    BEACON_HOST.test(url.hostname) ||
    url.href.includes("mp.weixin.qq.com/mp/report") ||
    segments.some((segment) => /^stat(\.\w+)?$/i.test(segment))
  );
}

/** The player URL when `raw` points at an allowed video host, else null. */
export function allowedIframe(raw: string | null, base: string): string | null {
  const src = absoluteUrl(raw, base);
  if (!src) return null;
  const url = new URL(src);
  const prefix = IFRAME_HOSTS[url.hostname];
  return prefix !== undefined && url.pathname.startsWith(prefix) ? url.href.replace(/^http:/, "https:") : null;
}

function unwrap(el: Element): void {
  el.replaceWith(...Array.from(el.childNodes));
}

function keepAttributes(el: Element, tag: string): void {
  const kept = KEPT_ATTRIBUTES[tag] ?? [];
  for (const name of el.getAttributeNames()) if (!kept.includes(name)) el.removeAttribute(name);
}

function sanitizeImage(img: Element, base: string): boolean {
  const src = LAZY_IMAGE_ATTRIBUTES.map((name) => absoluteUrl(img.getAttribute(name), base)).find(Boolean);
  if (!src || isTrackingPixel(img, src)) return false;
  img.setAttribute("src", src);
  return true;
}

function sanitizeElement(el: Element, base: string): void {
  const tag = el.tagName.toLowerCase();
  if (tag === "iframe") {
    const src = allowedIframe(el.getAttribute("src"), base);
    if (!src) return el.remove();
    el.replaceChildren();
    el.setAttribute("src", src);
    return keepAttributes(el, tag);
  }
  if (DROPPED_TAGS.has(tag)) return el.remove();
  if (tag === "img" && !sanitizeImage(el, base)) return el.remove();
  sanitizeChildren(el, base);
  if (tag === "a") {
    const href = absoluteUrl(el.getAttribute("href"), base, LINK_PROTOCOLS);
    if (!href) return unwrap(el);
    el.setAttribute("href", href);
  }
  if (tag === "pre" || tag === "code") {
    const language = LANGUAGE.exec(el.getAttribute("class") ?? "")?.[1];
    el.removeAttribute("class");
    if (language) el.setAttribute("class", `language-${language.toLowerCase()}`);
  }
  if (!KEPT_TAGS.has(tag)) return unwrap(el);
  keepAttributes(el, tag);
}

/** Rewrites the children of `root` in place; `base` resolves relative `href`/`src`. */
export function sanitizeChildren(root: Element, base: string): void {
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType === 1) sanitizeElement(node as Element, base);
    else if (node.nodeType !== 3) node.remove();
  }
}

/** A sanitized `<body>` holding `html`. */
export function sanitizeHtml(html: string, base: string): HTMLElement {
  const body = parseFragment(html);
  sanitizeChildren(body, base);
  body.normalize(); // linkedom splits text at entities and unwrapping leaves neighbours: one node per run
  return body;
}
