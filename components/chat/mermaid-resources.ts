// A diagram in a chat answer never loads anything from elsewhere (issue 28, row 7): the model's text is
// untrusted, and a resource it names could carry the conversation to its host. mermaid fetches some while it
// draws, into the live page (an image node's picture, a sequence participant's icon, CSS url() and @import in
// style, classDef or init directives), so a diagram that could ask for one is not drawn; its source shows
// instead. The text is checked before drawing, conservatively: with no backslash at all (no CSS, YAML or JSON
// escapes), whatever could name a resource is spelled out. The drawing is checked after, parsed as the page
// would parse it (entity codes the text carried are decoded by then), before it is shown.

const TEXT_MAY_FETCH = /\\|\bimg\b|\bicon\b|\burl\s*\(|@import|image-set|cross-fade|\bsrc\s*=/i;

/** Whether drawing this diagram's text could make the browser fetch something. */
export function diagramMayFetch(code: string): boolean {
  return TEXT_MAY_FETCH.test(code);
}

/** Elements that fetch what they name. */
const FETCHING = new Set(["image", "img", "feimage", "picture", "source", "video", "audio", "track", "iframe", "frame", "object", "embed", "link", "script", "input"]);
/** url() naming anything but an element of the drawing itself (url(#id)), or CSS that imports or escapes. */
const CSS_FETCH = /\burl\s*\((?!\s*['"]?\s*#)|@import|image-set|cross-fade|\\/i;

/** Whether the drawn SVG, once in the page, would fetch something. */
export function drawingMayFetch(svg: string): boolean {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${svg}</body></html>`, "text/html");
  for (const el of Array.from(doc.body.querySelectorAll("*"))) {
    const tag = el.localName.toLowerCase();
    if (FETCHING.has(tag)) return true;
    if (tag === "style" && CSS_FETCH.test(el.textContent ?? "")) return true;
    for (const attr of Array.from(el.attributes)) {
      if (CSS_FETCH.test(attr.value)) return true;
      if (tag === "use" && /href$/i.test(attr.name) && !attr.value.trim().startsWith("#")) return true;
    }
  }
  return false;
}
