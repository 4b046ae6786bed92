import { describe, expect, it } from "vitest";
import { isCacheableHomeRequest } from "./home-cache-slot";

describe("which requests the cached page answers", () => {
  const base = { method: "GET", pathname: "/", search: "", headers: new Headers(), hasSession: false };
  it.each([
    ["a visitor's GET /", base, true],
    ["a browser's page load (Sec-Fetch-Dest: document)", { ...base, headers: new Headers({ "sec-fetch-dest": "document" }) }, true],
    ["a router fetch, its RSC headers already stripped (Sec-Fetch-Dest: empty)", { ...base, headers: new Headers({ "sec-fetch-dest": "empty" }) }, false],
    ["an iframe", { ...base, headers: new Headers({ "sec-fetch-dest": "iframe" }) }, false],
    ["HEAD", { ...base, method: "HEAD" }, false],
    ["a query (search, page 2, ?_rsc=)", { ...base, search: "?q=数据" }, false],
    ["another path", { ...base, pathname: "/about" }, false],
    ["a session cookie, valid or not", { ...base, hasSession: true }, false],
    ["a client navigation (RSC)", { ...base, headers: new Headers({ rsc: "1" }) }, false],
    ["a prefetch", { ...base, headers: new Headers({ "next-router-prefetch": "1" }) }, false],
    ["a server action", { ...base, method: "POST", headers: new Headers({ "next-action": "x" }) }, false],
  ])("%s → %s", (_, req, expected) => {
    expect(isCacheableHomeRequest(req)).toBe(expected);
  });
});
