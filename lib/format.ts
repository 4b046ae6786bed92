// Date and number formatting for the interface (zh-CN, China time).

const dateFormat = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** Unix seconds → "2026年11月22日". */
export function formatChineseDate(unixSeconds: number): string {
  return dateFormat.format(new Date(unixSeconds * 1000));
}

/** 12345 → "1.2万" (counters on cards). */
export function formatCount(n: number): string {
  if (n < 10_000) return String(n);
  const wan = n / 10_000;
  return `${wan >= 100 ? Math.round(wan) : Number(wan.toFixed(1))}万`;
}

const HOUR_MS = 3_600_000;

/**
 * SPEC section 9: under an hour → minutes ("刚刚" at one minute or less), under a day → hours, under a week
 * → days, otherwise the zh-CN date.
 */
export function formatRelativeTime(iso: string | Date, now: Date = new Date()): string {
  const then = typeof iso === "string" ? new Date(iso) : iso;
  const diff = now.getTime() - then.getTime();
  if (diff < HOUR_MS) {
    const minutes = Math.floor(diff / 60_000);
    return minutes <= 1 ? "刚刚" : `${minutes} 分钟前`;
  }
  if (diff < 24 * HOUR_MS) return `${Math.floor(diff / HOUR_MS)} 小时前`;
  if (diff < 7 * 24 * HOUR_MS) return `${Math.floor(diff / (24 * HOUR_MS))} 天前`;
  return formatChineseDate(Math.floor(then.getTime() / 1000));
}
