// Podcast episodes out of an RSS 2.0 feed: each `<item>` with an `<enclosure>`, read by walking the
// XML DOM (linkedom), never with regular expressions over the markup.
import { DOMParser } from "linkedom";

export type PodcastEnclosure = {
  title: string;
  url: string;
  /** The enclosure's MIME type, e.g. `audio/mpeg`; null when the feed leaves it out. */
  type: string | null;
  /** ISO 8601, or null when the item has no readable date. */
  pubDate: string | null;
};

function childrenNamed(parent: Element, name: string): Element[] {
  return Array.from(parent.children).filter((c) => c.tagName.toLowerCase() === name.toLowerCase());
}

function textOf(parent: Element, name: string): string | null {
  for (const el of childrenNamed(parent, name)) {
    const text = el.textContent?.replace(/\s+/g, " ").trim();
    if (text) return text;
  }
  return null;
}

/** Items with an enclosure, in feed order. `feedUrl` resolves relative enclosure URLs. */
export function podcastEnclosures(xml: string, feedUrl?: string): PodcastEnclosure[] {
  const doc = new DOMParser().parseFromString(xml.replace(/^\uFEFF/, "").trim(), "text/xml") as unknown as Document;
  const out: PodcastEnclosure[] = [];
  for (const item of Array.from(doc.getElementsByTagName("item"))) {
    const enclosure = childrenNamed(item, "enclosure").find((e) => e.getAttribute("url")?.trim());
    if (!enclosure) continue;
    let url: string;
    try {
      url = new URL(enclosure.getAttribute("url")!.trim(), feedUrl).href;
    } catch {
      continue; // relative URL and no feed URL to resolve it against
    }
    if (!/^https?:/.test(url)) continue;
    const date = textOf(item, "pubDate");
    const time = date ? Date.parse(date) : NaN;
    out.push({
      title: textOf(item, "title") ?? textOf(item, "itunes:title") ?? "",
      url,
      type: enclosure.getAttribute("type")?.trim() || null,
      pubDate: Number.isNaN(time) ? null : new Date(time).toISOString(),
    });
  }
  return out;
}
