// A search engine's walk through the sitemaps, in process: robots.txt names the index, the index names the
// files, the files name the pages. Each document is checked against the protocol's grammar as we write it
// (well-formed, escaped) on the way.
import robots from "@/app/robots";
import { GET as indexRoute } from "@/app/sitemap.xml/route";
import { GET as fileRoute } from "@/app/sitemaps/[file]/route";
import { call } from "./api";

// Text between tags: no markup, and & only as one of XML's own entities.
const TEXT = String.raw`(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)*`;
const LASTMOD = String.raw`(?:<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ</lastmod>)?`;
const HEAD = String.raw`<\?xml version="1\.0" encoding="UTF-8"\?>\n`;
const NS = String.raw`xmlns="http://www\.sitemaps\.org/schemas/sitemap/0\.9"`;
const URLSET = new RegExp(String.raw`^${HEAD}<urlset ${NS}>\n(?:<url><loc>${TEXT}</loc>${LASTMOD}</url>\n)*</urlset>\n$`);
const INDEX = new RegExp(String.raw`^${HEAD}<sitemapindex ${NS}>\n(?:<sitemap><loc>${TEXT}</loc>${LASTMOD}</sitemap>\n)*</sitemapindex>\n$`);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]);

export type SitemapEntry = { loc: string; lastmod: string | null };

/** The entries of a <urlset> or <sitemapindex>; throws when the document is not one as we write them. */
export function readSitemap(xml: string, kind: "urlset" | "index"): SitemapEntry[] {
  if (!(kind === "urlset" ? URLSET : INDEX).test(xml)) throw new Error(`not a well-formed ${kind}: ${xml.slice(0, 300)}`);
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)].map((m) => ({ loc: unescape(m[1]), lastmod: m[2] ?? null }));
}

/** The path of a URL on this site (the route handlers are called by path). */
const pathOf = (url: string) => new URL(url).pathname;

export type CrawledFile = { url: string; lastmod: string | null; status: number; etag: string | null; lastModified: string | null; entries: SitemapEntry[] };

export async function fetchSitemapFile(url: string) {
  const name = pathOf(url).replace(/^\/sitemaps\//, "");
  return call(fileRoute, `/sitemaps/${name}`, { params: { file: name } });
}

/** robots.txt → the index → every file it lists. */
export async function crawlSitemaps() {
  const named = robots().sitemap;
  const indexUrl = Array.isArray(named) ? named[0] : named;
  if (!indexUrl) throw new Error("robots.txt names no sitemap");
  const index = await call(indexRoute, pathOf(indexUrl));
  if (index.status !== 200) throw new Error(`${indexUrl}: ${index.status}`);
  const files: CrawledFile[] = [];
  for (const e of readSitemap(index.text, "index")) {
    const res = await fetchSitemapFile(e.loc);
    files.push({
      url: e.loc,
      lastmod: e.lastmod,
      status: res.status,
      etag: res.headers.get("etag"),
      lastModified: res.headers.get("last-modified"),
      entries: res.status === 200 ? readSitemap(res.text, "urlset") : [],
    });
  }
  return { indexUrl, index, files, urls: files.flatMap((f) => f.entries.map((e) => e.loc)) };
}

/** The article ids every sitemap file lists, in the order listed. */
export async function sitemapArticleIds(): Promise<number[]> {
  const { urls } = await crawlSitemaps();
  return urls.flatMap((u) => /\/articles\/(\d+)$/.exec(u)?.[1] ?? []).map(Number);
}
