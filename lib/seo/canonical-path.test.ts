import { describe, expect, it } from "vitest";
import { canonicalPagePath } from "./canonical-path";

describe("canonicalPagePath", () => {
  it.each([
    ["/articles/0123", "/articles/123"],
    ["/articles/000000123", "/articles/123"],
    ["/articles/0123/", "/articles/123"],
    ["/articles/123/", "/articles/123"],
    ["/articles/00", "/articles/0"],
    ["/about/", "/about"],
    ["/platforms/zhihu//", "/platforms/zhihu"],
    ["/days/2026-11-27/", "/days/2026-11-27"],
  ])("%s → %s", (from, to) => {
    expect(canonicalPagePath(from)).toBe(to);
  });

  it.each(["/", "/articles/123", "/articles/10", "/about", "/platforms/zhihu", "/api/v1/articles/", "/api/v1/articles/0123"])("%s is canonical", (path) => {
    expect(canonicalPagePath(path)).toBeNull();
  });
});
