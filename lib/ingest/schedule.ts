// When a feed source is polled next. After a success: its interval, or later when the server asks for it
// (Cache-Control max-age, the feed's <ttl>). After a failure: exponential backoff with jitter, or the
// server's Retry-After; never more than a day, so a broken source keeps being retried and recovers by itself.

export const MIN_INTERVAL_SECONDS = 60;
/** A new source's interval when none is given. */
export const DEFAULT_INTERVAL_SECONDS = 1800;
export const MAX_DELAY_SECONDS = 24 * 60 * 60;
/** Consecutive failures from which a source is shown as unhealthy. */
export const UNHEALTHY_AFTER = 3;

export type PollOutcome =
  | { ok: true; maxAgeSeconds?: number | null; ttlMinutes?: number | null }
  | { ok: false; errorCount: number; retryAfterSeconds?: number | null };

/** `random` returns [0, 1); tests pass a fixed one. */
export function nextPollAt(now: Date, intervalSeconds: number, outcome: PollOutcome, random: () => number = Math.random): Date {
  const interval = Math.max(MIN_INTERVAL_SECONDS, intervalSeconds);
  let seconds: number;
  if (outcome.ok) {
    seconds = Math.max(interval, outcome.maxAgeSeconds ?? 0, (outcome.ttlMinutes ?? 0) * 60);
  } else if (outcome.retryAfterSeconds != null && outcome.retryAfterSeconds > 0) {
    seconds = Math.max(MIN_INTERVAL_SECONDS, outcome.retryAfterSeconds);
  } else {
    // 1st failure: a quarter of the interval; each further one doubles it; ±20% jitter spreads retries.
    const base = (interval / 4) * 2 ** Math.min(outcome.errorCount - 1, 20);
    seconds = Math.max(MIN_INTERVAL_SECONDS, base * (0.8 + 0.4 * random()));
  }
  return new Date(now.getTime() + Math.min(seconds, MAX_DELAY_SECONDS) * 1000);
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now.getTime()) / 1000));
}

/** max-age from a Cache-Control header; null when absent, or when no-cache/no-store asks for none. */
export function maxAgeSeconds(header: string | null | undefined): number | null {
  if (!header || /no-(cache|store)/i.test(header)) return null;
  const match = /(?:^|,)\s*(?:s-)?max-age\s*=\s*"?(\d+)/i.exec(header);
  return match ? Number(match[1]) : null;
}

/** "30m", "2h", "1d", "45s" or plain seconds → seconds; null when unreadable or under a minute. */
export function parseInterval(text: string): number | null {
  const match = /^\s*(\d+)\s*(s|m|h|d)?\s*$/i.exec(text);
  if (!match) return null;
  const seconds = Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? "s").toLowerCase() as "s"];
  return seconds >= MIN_INTERVAL_SECONDS && seconds <= MAX_DELAY_SECONDS ? seconds : null;
}

/** "30m", "2h", "1d" for display. */
export function formatInterval(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400}d`;
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}
