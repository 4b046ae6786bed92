import { describe, expect, it } from "vitest";
import { loginUrlFor, safeRedirect, shouldRedirectOn401 } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/profile", "/profile"],
    ["/history?time_filter=week#top", "/history?time_filter=week#top"],
    [null, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["profile", "/"],
    ["/login/sms", "/"],
    ["/register", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("the 401 rule", () => {
  it.each([
    ["/profile", "/api/v1/users/me", true],
    ["/likes", "/api/v1/likes/my-likes?page=2&limit=20", false],
    ["/", "/api/v1/users/me", false],
    ["/login/sms", "/api/v1/sms/login", false],
    ["/login/password", "/api/v1/auth/login", false],
    ["/register", "/api/v1/auth/register", false],
    ["/smart-summary", "/api/summary/create-task", true],
  ])("on %s for %s redirects: %s", (pathname, url, expected) => {
    expect(shouldRedirectOn401(pathname, url)).toBe(expected);
  });

  it("keeps the full target in the login URL", () => {
    expect(loginUrlFor("/history?time_filter=week")).toBe("/login/sms?redirect=%2Fhistory%3Ftime_filter%3Dweek");
  });
});
