// Calendar days and minutes in China time (Asia/Shanghai, UTC+8 all year, no daylight saving), for every domain
// that counts or files by the reader's day: the console's daily counts, 今日精选 and /daily, the day listings,
// abuse budgets, announcements, a reader's last active day. Pure: callers pass the instant.

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** "2025-03-05": the China-time calendar day of an instant. */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Minutes after 00:00 China time of an instant (0–1439). */
export function chinaMinute(at: Date): number {
  return Math.floor(((at.getTime() + CHINA_OFFSET_MS) % DAY_MS) / 60_000);
}

/** The China-time day `days` before `day` ("2025-03-05", 2 → "2025-03-03"). */
export function chinaDaysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** 00:00 China time of a day written "2025-03-05", as an instant. */
export function chinaDayStartOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);
}

/** The `count` China-time days ending with the day of `now`, oldest first. */
export function lastChinaDays(now: Date, count: number): string[] {
  const today = Date.parse(`${chinaDay(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** "3月5日" for "2025-03-05". */
export function shortDayLabel(day: string): string {
  const [, m, d] = day.split("-");
  return `${Number(m)}月${Number(d)}日`;
}
