import { describe, expect, it } from "vitest";
import { formatChineseDate, formatCount, formatRelativeTime } from "./format";

const unix = (iso: string) => Date.parse(iso) / 1000;

describe("formatChineseDate", () => {
  it("writes YYYY年M月D日 without leading zeros", () => {
    expect(formatChineseDate(unix("2026-03-05T04:00:00Z"))).toBe("2026年3月5日");
    expect(formatChineseDate(unix("2026-11-22T12:00:00Z"))).toBe("2026年11月22日");
  });

  it("uses China time for the day", () => {
    expect(formatChineseDate(unix("2026-11-22T15:59:59Z"))).toBe("2026年11月22日");
    expect(formatChineseDate(unix("2026-11-22T16:00:00Z"))).toBe("2026年11月23日");
    expect(formatChineseDate(unix("2025-12-31T16:30:00Z"))).toBe("2026年1月1日");
  });
});

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [9999, "9999"],
    [10_000, "1万"],
    [12_345, "1.2万"],
    [1_234_567, "123万"],
  ])("%i → %s", (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, "刚刚"],
    [60_000, "刚刚"],
    [5 * 60_000, "5 分钟前"],
    [59 * 60_000, "59 分钟前"],
    [3_600_000, "1 小时前"],
    [23 * 3_600_000, "23 小时前"],
    [24 * 3_600_000, "1 天前"],
    [6 * 86_400_000, "6 天前"],
    [7 * 86_400_000, "2026年11月16日"],
  ])("%i ms ago → %s", (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });
});
