// Markdown written by a model (chat answers, link summaries) is untrusted: an image in it would make the
// reader's browser fetch any URL the text names — with whatever the text put in it, e.g. the conversation
// (issue 28, row 7). This rehype step turns every image into a link the reader can choose to open (its alt
// text and its address), or into its alt text alone inside a link. Article bodies from the operator's feeds
// keep their images; they do not use this step.
import type { Element, ElementContent, Root, RootContent } from "hast";

/** Longest address shown in the link's text (the link itself keeps it whole). */
const SHOWN_URL_MAX = 80;

function shown(url: string): string {
  return url.length > SHOWN_URL_MAX ? `${url.slice(0, SHOWN_URL_MAX - 1)}…` : url;
}

function replaceImage(img: Element, inLink: boolean): ElementContent {
  const alt = typeof img.properties.alt === "string" ? img.properties.alt.trim() : "";
  const src = typeof img.properties.src === "string" ? img.properties.src : "";
  const label = alt ? `图片：${alt}` : "图片";
  if (inLink || !src) return { type: "text", value: `[${label}]` };
  return {
    type: "element",
    tagName: "a",
    properties: { href: src },
    children: [{ type: "text", value: `[${label}] ${shown(src)}` }],
  };
}

function walk(node: Root | Element, inLink: boolean): void {
  const inside = inLink || (node.type === "element" && node.tagName === "a");
  node.children = node.children.map((child: RootContent) => {
    if (child.type !== "element") return child;
    if (child.tagName === "img") return replaceImage(child, inside);
    walk(child, inside);
    return child;
  }) as typeof node.children;
}

/** The rehype plugin: no <img> leaves the tree. */
export function rehypeImagesAsLinks() {
  return (tree: Root) => walk(tree, false);
}
