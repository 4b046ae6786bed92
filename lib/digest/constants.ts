// 今日精选's shape and limits (docs/digest.md).

/** Sections of a digest, and points per section. */
export const SECTIONS = { min: 3, max: 6 } as const;
export const POINTS = { min: 2, max: 4 } as const;
/** Chinese characters in all (headings and points). */
export const MAX_CHARS = 800;
/** A digest is written from at least this many candidates when there are that many to be had. */
export const MIN_CANDIDATES = 20;
/** The candidates handed to the writer at most. */
export const MAX_CANDIDATES = 24;
/** How far back a reader's first digest (or one after a quiet spell) looks for candidates. */
export const LOOKBACK_DAYS = 7;
/** The worker writes for readers signed in within this many days; others get theirs when they open /digest. */
export const ACTIVE_DAYS = 14;
/** Past digests a reader can open. */
export const HISTORY_DAYS = 30;
/** 07:30 China time: when a reader's digest is made unless they choose another time (minutes after midnight). */
export const DEFAULT_MINUTE = 7 * 60 + 30;
/** When the site's digest (/daily) is made each day, China time. */
export const SITE_MINUTE = 7 * 60;
/** A point's text at most, in characters. */
export const POINT_CHARS = 60;

/** "2026-11-29": a day as the digest URLs and the API write it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export type WrittenBy = "model" | "local";
