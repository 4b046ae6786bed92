// The documents of the sitemaps protocol (https://www.sitemaps.org/protocol.html): a <urlset> of pages and a
// <sitemapindex> of sitemap files, each entry a location and, when known, its last change. Pure: the same
// entries give the same bytes, so every web instance sends the same ETag for the same articles.
import { escapeXml } from "@/lib/articles/site-feed-format";

export type SitemapEntry = { loc: string; lastmod?: Date | null };

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** W3C Datetime to the second, in UTC (the protocol's lastmod; sub-seconds tell a crawler nothing). */
export const w3cDate = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

const lastmod = (at: Date | null | undefined) => (at ? `<lastmod>${w3cDate(at)}</lastmod>` : "");

export function urlset(entries: SitemapEntry[]): string {
  const parts = [HEAD, `<urlset ${NS}>\n`];
  for (const e of entries) parts.push(`<url><loc>${escapeXml(e.loc)}</loc>${lastmod(e.lastmod)}</url>\n`);
  parts.push("</urlset>\n");
  return parts.join("");
}

/**
 * A <urlset> of one path under `base` per id (an article's permalink), each with its own last change in
 * microseconds since the epoch. The origin is escaped once: the rest of each location is digits.
 */
export function permalinkUrlset(base: string, path: string, ids: ArrayLike<number>, changedUs: ArrayLike<number>): string {
  const prefix = `<url><loc>${escapeXml(`${base}${path}`)}`;
  const parts = [HEAD, `<urlset ${NS}>\n`];
  for (let i = 0; i < ids.length; i++) parts.push(`${prefix}${ids[i]}</loc>${lastmod(new Date(changedUs[i] / 1000))}</url>\n`);
  parts.push("</urlset>\n");
  return parts.join("");
}

export function sitemapIndex(entries: SitemapEntry[]): string {
  const parts = [HEAD, `<sitemapindex ${NS}>\n`];
  for (const e of entries) parts.push(`<sitemap><loc>${escapeXml(e.loc)}</loc>${lastmod(e.lastmod)}</sitemap>\n`);
  parts.push("</sitemapindex>\n");
  return parts.join("");
}
