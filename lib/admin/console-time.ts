// Times in the console's lists, in China time: "2025/3/5 14:05" (minutes), "2025/3/5 14:05:09" (seconds, the
// audit log). Pure, for server pages and client leaves alike.

const minuteFormat = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const secondFormat = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

export function consoleMinute(iso: string | null | undefined): string | null {
  return iso ? minuteFormat.format(new Date(iso)) : null;
}

export function consoleSecond(iso: string | null | undefined): string | null {
  return iso ? secondFormat.format(new Date(iso)) : null;
}
