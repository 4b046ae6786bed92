import { afterEach, describe, expect, it } from "vitest";
import { chinaClockTime, chinaDayLabel, groupByChinaDay } from "./history-groups";

// 2026-11-21 11:00 in China (Saturday); UTC is still 03:00 the same day.
const NOW = new Date("2026-11-21T03:00:00Z");
const originalTz = process.env.TZ;

afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("chinaDayLabel", () => {
  it.each([
    ["00:00 today in China (16:00 UTC the day before)", "2026-11-20T16:00:00.000Z", "今天"],
    ["the last millisecond of yesterday in China", "2026-11-20T15:59:59.999Z", "昨天"],
    ["00:00 yesterday in China", "2026-11-19T16:00:00.000Z", "昨天"],
    ["the last millisecond of the day before yesterday", "2026-11-19T15:59:59.999Z", "11月19日 星期四"],
    ["a week ago", "2026-11-14T04:00:00.000Z", "11月14日 星期六"],
    ["the same date a year earlier", "2025-11-20T04:00:00.000Z", "2025年11月20日 星期四"],
  ])("%s → %s", (_case, at, label) => {
    expect(chinaDayLabel(at, NOW)).toBe(label);
  });

  it("counts days in China time when UTC is still on the previous date", () => {
    // 01:00 on 21 November in China is 17:00 on 20 November in UTC.
    expect(chinaDayLabel("2026-11-20T17:00:00Z", new Date("2026-11-20T23:59:00Z"))).toBe("今天");
    // 23:30 on 20 November in China is 15:30 UTC; "now" just after China midnight makes it yesterday.
    expect(chinaDayLabel("2026-11-20T15:30:00Z", new Date("2026-11-20T16:00:01Z"))).toBe("昨天");
  });

  it("says 昨天 across New Year and adds the year to older days of the previous year", () => {
    const newYear = new Date("2026-12-31T16:30:00Z"); // 2027-01-01 00:30 in China
    expect(chinaDayLabel("2026-12-31T15:00:00Z", newYear)).toBe("昨天");
    expect(chinaDayLabel("2026-12-30T10:00:00Z", newYear)).toBe("2026年12月30日 星期三");
    expect(chinaDayLabel("2026-12-31T16:00:00Z", newYear)).toBe("今天");
  });

  it("accepts Date objects and marks unreadable timestamps", () => {
    expect(chinaDayLabel(new Date("2026-11-21T01:00:00Z"), NOW)).toBe("今天");
    expect(chinaDayLabel("not a date", NOW)).toBe("未知日期");
  });

  it("gives the same answers whatever the machine's time zone", () => {
    const cases = ["2026-11-20T16:00:00Z", "2026-11-20T15:59:59Z", "2026-11-19T15:59:59Z", "2025-11-20T04:00:00Z"];
    const expected = cases.map((at) => chinaDayLabel(at, NOW));
    for (const tz of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Tokyo", "Europe/London"]) {
      process.env.TZ = tz;
      expect(cases.map((at) => chinaDayLabel(at, NOW)), tz).toEqual(expected);
      expect(chinaClockTime("2026-11-20T16:05:00Z"), tz).toBe("00:05");
    }
  });
});

describe("chinaClockTime", () => {
  it.each([
    ["2026-11-20T16:05:00Z", "00:05"],
    ["2026-11-20T15:59:59Z", "23:59"],
    ["2026-11-21T01:07:30.500Z", "09:07"],
    ["2026-11-21T12:00:00+08:00", "12:00"],
  ])("%s → %s", (at, clock) => {
    expect(chinaClockTime(at)).toBe(clock);
  });

  it("is empty for an unreadable timestamp", () => {
    expect(chinaClockTime("")).toBe("");
  });
});

describe("groupByChinaDay", () => {
  type Read = { id: number; read_timestamp: string };
  const reads: Read[] = [
    { id: 1, read_timestamp: "2026-11-21T02:59:00Z" }, // today 10:59
    { id: 2, read_timestamp: "2026-11-20T16:00:00Z" }, // today 00:00
    { id: 3, read_timestamp: "2026-11-20T15:59:59Z" }, // yesterday 23:59
    { id: 4, read_timestamp: "2026-11-20T01:00:00Z" }, // yesterday 09:00
    { id: 5, read_timestamp: "2026-11-19T12:00:00Z" }, // 19 November 20:00
  ];

  it("groups newest-first reads under 今天, 昨天 and dated headings, keeping their order", () => {
    const groups = groupByChinaDay(reads, (r) => r.read_timestamp, NOW);
    expect(groups.map((g) => [g.label, g.items.map((r) => r.id)])).toEqual([
      ["今天", [1, 2]],
      ["昨天", [3, 4]],
      ["11月19日 星期四", [5]],
    ]);
    expect(new Set(groups.map((g) => g.key)).size).toBe(3);
  });

  it("keeps one group per day even when a day's reads are not adjacent", () => {
    const shuffled = [reads[0], reads[3], reads[1]];
    const groups = groupByChinaDay(shuffled, (r) => r.read_timestamp, NOW);
    expect(groups.map((g) => [g.label, g.items.map((r) => r.id)])).toEqual([
      ["今天", [1, 2]],
      ["昨天", [4]],
    ]);
  });

  it("returns no groups for no reads", () => {
    expect(groupByChinaDay([], (r: Read) => r.read_timestamp, NOW)).toEqual([]);
  });
});
