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
