// Reading history grouped by the day it was read (SPEC section 2), in China time (Asia/Shanghai, UTC+8 all
// year, no daylight saving) whatever the browser's own time zone: 今天, 昨天, otherwise the date with its
// weekday ("11月20日 星期五"), with the year when it is not the current one. Pure: the caller passes `now`.

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;
const WEEKDAYS = ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"] as const;

export type DayGroup<T> = { key: string; label: string; items: T[] };

/** The China-time calendar day of an instant, as a day number since 1970-01-01 (China). */
function chinaDayNumber(ms: number): number {
  return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);
}

/** 00:00 in China time, `daysBack` days before the China-time day of `now`. */
export function chinaDayStart(now: Date, daysBack = 0): Date {
  return new Date((chinaDayNumber(now.getTime()) - daysBack) * DAY_MS - CHINA_OFFSET_MS);
}

/** The China-time wall clock of an instant, read through the UTC getters of a shifted date. */
function chinaWallClock(ms: number): Date {
  return new Date(ms + CHINA_OFFSET_MS);
}

const toMs = (at: string | Date) => (typeof at === "string" ? Date.parse(at) : at.getTime());

/** "今天", "昨天", "11月20日 星期五" or "2025年11月20日 星期四" for the China-time day of `at`. */
export function chinaDayLabel(at: string | Date, now: Date): string {
  const ms = toMs(at);
  if (Number.isNaN(ms)) return "未知日期";
  const diff = chinaDayNumber(now.getTime()) - chinaDayNumber(ms);
  if (diff === 0) return "今天";
  if (diff === 1) return "昨天";
  const day = chinaWallClock(ms);
  const year = day.getUTCFullYear() === chinaWallClock(now.getTime()).getUTCFullYear() ? "" : `${day.getUTCFullYear()}年`;
  return `${year}${day.getUTCMonth() + 1}月${day.getUTCDate()}日 ${WEEKDAYS[day.getUTCDay()]}`;
}

/** "HH:mm" of `at` in China time ("" for an unreadable timestamp). */
export function chinaClockTime(at: string | Date): string {
  const ms = toMs(at);
  if (Number.isNaN(ms)) return "";
  const t = chinaWallClock(ms);
  return `${String(t.getUTCHours()).padStart(2, "0")}:${String(t.getUTCMinutes()).padStart(2, "0")}`;
}

/**
 * Groups items by the China-time day of `readAt(item)`, keeping the items' order inside each group and
 * the groups in the order their first item appears (the list comes newest first, so groups do too).
 */
export function groupByChinaDay<T>(items: readonly T[], readAt: (item: T) => string | Date, now: Date): DayGroup<T>[] {
  const groups = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const ms = toMs(readAt(item));
    const key = Number.isNaN(ms) ? "unknown" : String(chinaDayNumber(ms));
    let group = groups.get(key);
    if (!group) {
      group = { key, label: chinaDayLabel(readAt(item), now), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}
