// A comment's text: links become links that pass nothing (ugc nofollow noopener), everything else stays text —
// the project's XSS payloads included.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CommentText, commentTime, splitLinks } from "./comment-text";

describe("a comment's text", () => {
  it("links http and https addresses, ending them before Chinese punctuation", () => {
    expect(splitLinks("看这个：https://example.com/a?b=1，还有 http://x.cn。")).toEqual([
      { text: "看这个：" },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: "，还有 " },
      { text: "http://x.cn", href: "http://x.cn" },
      { text: "。" },
    ]);
    expect(splitLinks("javascript:alert(1) www.example.com")).toEqual([{ text: "javascript:alert(1) www.example.com" }]);
  });

  it("renders markup as text and links with rel ugc nofollow noopener", () => {
    const html = renderToStaticMarkup(<CommentText text={`<img src=x onerror=alert(1)>\n<script>alert(1)</script> https://a.cn/"onmouseover=alert(1)`} />);
    expect(html).not.toMatch(/<img|<script|<a [^>]*onmouseover/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain('<a href="https://a.cn/" target="_blank" rel="ugc nofollow noopener noreferrer"');
  });

  it("says when in China time, with the year only for another year", () => {
    const now = new Date("2026-11-29T10:00:00Z");
    expect(commentTime("2026-11-29T02:05:00Z", now)).toBe("11月29日 10:05");
    expect(commentTime("2025-12-31T16:30:00Z", now)).toBe("1月1日 00:30"); // already 2026 in China
    expect(commentTime("2024-03-01T00:00:00Z", now)).toBe("2024年3月1日 08:00");
  });
});
