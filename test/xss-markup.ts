// The XSS check (test/xss.ts) over server-rendered markup, for the renderer unit tests: the markup parsed
// as a browser would (linkedom), plus a look at the markup's own tags for what a parser might hide.
import { parseHTML } from "linkedom";
import { findInjected } from "./xss";

/** What `html` (an element's rendered markup) would plant in a page: empty when nothing. */
export function injectedInMarkup(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const found = findInjected(document);
  const tag = /<(script|iframe|object|embed|math|style|details|form|meta|base)\b|<svg\b(?![^>]*class="lucide)/i.exec(html); // icons are ours
  if (tag) found.push(`raw tag: ${html.slice(tag.index, tag.index + 80)}`);
  if (/<[^>]*\son\w+\s*=/i.test(html)) found.push(`on* attribute in ${html.slice(0, 80)}`);
  if (/\s(href|src)="\s*(javascript|vbscript|data):/i.test(html)) found.push(`unsafe URL in ${html.slice(0, 80)}`);
  return found;
}
