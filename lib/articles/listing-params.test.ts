import { describe, expect, it } from "vitest";
import { dayLabel, dayRange, listingHref, parseCursor, parseDay } from "./listing-params";

const now = new Date("2026-11-27T10:00:00Z"); // 18:00 in China, 27 November

describe("parseDay", () => {
  it.each(["2026-11-27", "2026-02-28", "2024-02-29", "2000-01-01"])("accepts %s", (day) => expect(parseDay(day, now)).toBe(day));
  it.each(["2026-11-28", "2026-02-29", "2026-13-01", "2026-11-7", "20261127", "1999-12-31", "2026-11-27x", ""])("refuses %s", (day) => expect(parseDay(day, now)).toBeNull());
  it("knows China's today from UTC's yesterday", () => {
    expect(parseDay("2026-11-28", new Date("2026-11-27T16:30:00Z"))).toBe("2026-11-28");
  });
});

describe("dayRange", () => {
  it("is the China-time day in UTC instants", () => {
    expect(dayRange("2026-11-27")).toEqual({ start: new Date("2026-11-26T16:00:00Z"), end: new Date("2026-11-27T16:00:00Z") });
  });
});

describe("parseCursor", () => {
  it.each([
    [{}, null],
    [{ before: "123" }, { before: 123 }],
    [{ after: "9" }, { after: 9 }],
    [{ before: "0" }, undefined],
    [{ before: "012" }, undefined],
    [{ before: "abc" }, undefined],
    [{ before: "1", after: "2" }, undefined],
    [{ before: ["1", "2"] }, undefined],
    [{ after: "1234567890" }, undefined],
  ])("%j → %j", (params, cursor) => expect(parseCursor(params)).toEqual(cursor));
  it("ignores other parameters", () => expect(parseCursor({ utm_source: "x", before: "5" })).toEqual({ before: 5 }));
});

describe("addresses and labels", () => {
  it("writes cursor pages and days as the pages read them", () => {
    expect(listingHref("/platforms/zhihu", null)).toBe("/platforms/zhihu");
    expect(listingHref("/platforms/zhihu", { before: 5 })).toBe("/platforms/zhihu?before=5");
    expect(listingHref("/days/2026-11-27", { after: 7 })).toBe("/days/2026-11-27?after=7");
    expect(dayLabel("2026-01-05")).toBe("2026年1月5日");
  });
});
