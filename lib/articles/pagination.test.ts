import { describe, expect, it } from "vitest";
import { isNavigable, pageCount, pageWindow } from "./pagination";

describe("pageCount", () => {
  it.each([
    [{ total: 0, page: 1, itemsOnPage: 0 }, 0],
    [{ total: 20, page: 1, itemsOnPage: 20 }, 1],
    [{ total: 21, page: 1, itemsOnPage: 20 }, 2],
    [{ total: 64, page: 1, itemsOnPage: 20 }, 4],
    [{ total: undefined, page: 3, itemsOnPage: 7 }, 3],
    [{ total: null, page: 3, itemsOnPage: 20 }, 4],
  ])("%j → %i", (input, expected) => {
    expect(pageCount(input)).toBe(expected);
  });
});

describe("pageWindow", () => {
  it.each([
    [1, 0, []],
    [1, 1, []],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 3, "ellipsis-end", 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, "ellipsis-end", 10]],
    [5, 10, [1, "ellipsis-start", 3, 4, 5, 6, 7, "ellipsis-end", 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, "ellipsis-end", 10]],
    [10, 10, [1, "ellipsis-start", 8, 9, 10]],
    [7, 10, [1, "ellipsis-start", 5, 6, 7, 8, 9, 10]],
  ])("page %i of %i → %j", (current, count, expected) => {
    expect(pageWindow(current, count)).toEqual(expected);
  });
});

describe("isNavigable", () => {
  it("ignores pages outside 1..count and the current page", () => {
    expect(isNavigable(0, 1, 5)).toBe(false);
    expect(isNavigable(6, 1, 5)).toBe(false);
    expect(isNavigable(1, 1, 5)).toBe(false);
    expect(isNavigable(2, 1, 5)).toBe(true);
  });
});
