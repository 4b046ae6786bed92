import { describe, expect, it } from "vitest";
import { formatChineseDate, formatCount } from "./format";

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
