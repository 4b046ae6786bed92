import { describe, expect, it } from "vitest";
import { etagOf, httpDate, notModified } from "./conditional-get";

const renderedAt = Date.parse("2026-11-27T06:00:00.750Z");
const page = { etag: etagOf("<html>一页</html>"), renderedAt };
const other = etagOf("<html>另一页</html>");
const ask = (headers: Record<string, string>) => notModified(new Headers(headers), page.etag, page.renderedAt);

describe("a page's ETag", () => {
  it("is a weak, quoted tag that differs for other bytes and is the same for the same bytes", () => {
    expect(page.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf("<html>一页</html>")).toBe(page.etag);
    expect(other).not.toBe(page.etag);
  });
});

describe("whether a GET may answer 304", () => {
  it.each([
    ["no validators", {}, false],
    ["the page's ETag", { "if-none-match": page.etag }, true],
    ["its strong form", { "if-none-match": page.etag.slice(2) }, true],
    ["one of a list", { "if-none-match": `${other}, ${page.etag}` }, true],
    ["any (*)", { "if-none-match": "*" }, true],
    ["another page's ETag", { "if-none-match": other }, false],
    ["the ETag unquoted", { "if-none-match": page.etag.slice(3, -1) }, false],
    ["an empty If-None-Match", { "if-none-match": "" }, false],
    ["modified since the second it was rendered in", { "if-modified-since": httpDate(renderedAt) }, true],
    ["a later date", { "if-modified-since": "Fri, 27 Nov 2026 07:00:00 GMT" }, true],
    ["a second earlier", { "if-modified-since": "Fri, 27 Nov 2026 05:59:59 GMT" }, false],
    ["not a date", { "if-modified-since": "yesterday" }, false],
    // If-None-Match decides when both are sent (RFC 9110 §13.1.3).
    ["another ETag and a later date", { "if-none-match": other, "if-modified-since": "Fri, 27 Nov 2026 07:00:00 GMT" }, false],
    ["the ETag and an earlier date", { "if-none-match": page.etag, "if-modified-since": "Fri, 27 Nov 2026 05:00:00 GMT" }, true],
  ])("%s → %s", (_, headers, expected) => {
    expect(ask(headers)).toBe(expected);
  });

  it("reads If-Modified-Since only when the document's time is known", () => {
    expect(notModified(new Headers({ "if-modified-since": "Fri, 27 Nov 2026 07:00:00 GMT" }), page.etag, null)).toBe(false);
  });

  it("writes Last-Modified as an HTTP-date in whole seconds", () => {
    expect(httpDate(renderedAt)).toBe("Fri, 27 Nov 2026 06:00:00 GMT");
  });
});
