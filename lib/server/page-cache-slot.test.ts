import { describe, expect, it } from "vitest";
import { isCacheablePageRequest, permalinkId } from "./page-cache-slot";

describe("which requests a cached page answers", () => {
  const base = { method: "GET", pathname: "/", search: "", headers: new Headers(), hasSession: false };
  it.each([
    ["a visitor's GET /", base, true],
    ["a visitor's GET of a permalink", { ...base, pathname: "/articles/42" }, true],
    ["a browser's page load (Sec-Fetch-Dest: document)", { ...base, headers: new Headers({ "sec-fetch-dest": "document" }) }, true],
    ["a router fetch, its RSC headers already stripped (Sec-Fetch-Dest: empty)", { ...base, headers: new Headers({ "sec-fetch-dest": "empty" }) }, false],
    ["a router fetch of a permalink", { ...base, pathname: "/articles/42", headers: new Headers({ "sec-fetch-dest": "empty" }) }, false],
    ["an iframe", { ...base, headers: new Headers({ "sec-fetch-dest": "iframe" }) }, false],
    ["HEAD", { ...base, method: "HEAD" }, false],
    ["a query (search, page 2, ?_rsc=)", { ...base, search: "?q=数据" }, false],
    ["a permalink with a query", { ...base, pathname: "/articles/42", search: "?from=timeline" }, false],
    ["another path", { ...base, pathname: "/about" }, false],
    ["a session cookie, valid or not", { ...base, hasSession: true }, false],
    ["a signed-in reader's permalink", { ...base, pathname: "/articles/42", hasSession: true }, false],
    ["a client navigation (RSC)", { ...base, headers: new Headers({ rsc: "1" }) }, false],
    ["a prefetch", { ...base, headers: new Headers({ "next-router-prefetch": "1" }) }, false],
    ["a server action", { ...base, method: "POST", headers: new Headers({ "next-action": "x" }) }, false],
  ])("%s → %s", (_, req, expected) => {
    expect(isCacheablePageRequest(req)).toBe(expected);
  });
});

describe("permalink paths", () => {
  it.each([
    ["/articles/1", 1],
    ["/articles/123456789", 123456789],
    ["/articles/1234567890", null], // longer than any id findArticle accepts
    ["/articles/abc", null],
    ["/articles/12/", null],
    ["/articles/", null],
    ["/articles/12/x", null],
    ["/x/articles/12", null],
  ])("%s → %s", (path, id) => {
    expect(permalinkId(path)).toBe(id);
  });
});
