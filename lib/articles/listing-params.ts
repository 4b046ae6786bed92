// The listing pages' addresses (docs/seo.md, "Listing pages"): /platforms/{key} and /days/{YYYY-MM-DD}, newest
// first, with `?before={id}` (the page of articles older than that one: the next page) or `?after={id}` (newer:
// the previous page). Pure: the pages parse with these, the queries (listings.ts) take what they return.
import { chinaDay, chinaDayStartOf } from "@/lib/china-time";

/** Articles on one listing page. */
export const LISTING_PAGE_SIZE = 30;
/** The first day a listing may show: nothing was collected before it. */
const FIRST_DAY = "2000-01-01";

export type ListingCursor = { before: number } | { after: number } | null;

/** `?before=` / `?after=` as given: null when absent, undefined when malformed (both, a non-id, repeated). */
export function parseCursor(params: Record<string, string | string[] | undefined>): ListingCursor | undefined {
  const { before, after } = params;
  if (before === undefined && after === undefined) return null;
  if (before !== undefined && after !== undefined) return undefined;
  const raw = before ?? after;
  if (typeof raw !== "string" || !/^[1-9]\d{0,8}$/.test(raw)) return undefined;
  return before !== undefined ? { before: Number(raw) } : { after: Number(raw) };
}

/** A China-time calendar day written YYYY-MM-DD, from FIRST_DAY to today; null otherwise. */
export function parseDay(raw: string, now: Date = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const start = chinaDayStartOf(raw);
  if (Number.isNaN(start.getTime()) || chinaDay(start) !== raw) return null; // 2026-02-30 and the like
  return raw >= FIRST_DAY && raw <= chinaDay(now) ? raw : null;
}

/** The half-open instant range [start, end) of a China-time day. */
export function dayRange(day: string): { start: Date; end: Date } {
  const start = chinaDayStartOf(day);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}


/** The path of a listing page: its base, or a cursor page. */
export function listingHref(base: string, cursor: ListingCursor): string {
  if (!cursor) return base;
  return "before" in cursor ? `${base}?before=${cursor.before}` : `${base}?after=${cursor.after}`;
}

export const platformPath = (key: string) => `/platforms/${encodeURIComponent(key)}`;
export const dayPath = (day: string) => `/days/${day}`;

/** "2026年11月27日" for "2026-11-27". */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${y}年${m}月${d}日`;
}
