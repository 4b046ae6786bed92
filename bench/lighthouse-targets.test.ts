import { describe, expect, it } from "vitest";
import { CATEGORIES, checkTargets, pageKey, type PageResult } from "./lighthouse-targets";

const result = (path: string, performance: number, metrics: Partial<Record<string, number>> = {}, others = 100): PageResult => ({
  path,
  median: Object.fromEntries(CATEGORIES.map((c) => [c, c === "performance" ? performance : others])) as PageResult["median"],
  metrics: { "total-blocking-time": 300, "largest-contentful-paint": 1500, "cumulative-layout-shift": 0, ...metrics },
});

describe("issue 22's Lighthouse targets against the blank page", () => {
  const blank = result("/", 90, { "total-blocking-time": 400 });

  it("meets performance exactly 5 points under the blank page and misses it at 6", () => {
    const checks = checkTargets(blank, [result("/about", 85), result("/smart-summary", 84)]);
    const perf = checks.filter((c) => c.target.startsWith("performance"));
    expect(perf.map((c) => [c.path, c.met])).toEqual([["/about", true], ["/smart-summary", false]]);
  });

  it("holds the home page's TBT to the blank page's + 150 ms, LCP to 2 s and CLS to 0.02", () => {
    const at = checkTargets(blank, [result("/", 90, { "total-blocking-time": 550, "largest-contentful-paint": 2000, "cumulative-layout-shift": 0.02 })]);
    expect(at.every((c) => c.met)).toBe(true);
    const over = checkTargets(blank, [result("/", 90, { "total-blocking-time": 551, "largest-contentful-paint": 2001, "cumulative-layout-shift": 0.021 })]);
    expect(over.filter((c) => !c.met).map((c) => c.target.split(" ")[0])).toEqual(["TBT", "LCP", "CLS"]);
  });

  it("asks 100 of accessibility, best practices and SEO, except SEO on the noindex sign-in page", () => {
    const checks = checkTargets(blank, [result("/login/sms", 90, {}, 99), result("/articles/42", 90, {}, 99)]);
    expect(checks.filter((c) => c.path === "/login/sms").map((c) => c.target)).toEqual(["performance ≥ 85 (blank 90 − 5)", "accessibility 100", "best-practices 100"]);
    expect(checks.filter((c) => c.path === "/articles/{id}" && !c.met)).toHaveLength(3);
    expect(pageKey("/articles/42")).toBe("/articles/{id}");
  });
});
