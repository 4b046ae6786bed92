import { describe, expect, it } from "vitest";
import { normalizeUrl } from "./source-url";

describe("normalizeUrl", () => {
  it("drops fragments, default ports, tracking parameters and trailing slashes; sorts the rest", () => {
    expect(normalizeUrl("HTTPS://Example.COM:443/a/b/?utm_source=x&b=2&a=1#top")).toBe("https://example.com/a/b?a=1&b=2");
    expect(normalizeUrl("https://www.bilibili.com/video/BV1xx411c7mD/?spm_id_from=1&vd_source=abc")).toBe(
      "https://www.bilibili.com/video/BV1xx411c7mD",
    );
    expect(normalizeUrl("http://example.com:80/")).toBe("http://example.com/");
    expect(normalizeUrl("https://juejin.cn/post/1?utm_medium=rss&utm_campaign=feed&spm=a2c6h")).toBe("https://juejin.cn/post/1");
  });
});
