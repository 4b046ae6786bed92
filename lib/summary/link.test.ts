import { describe, expect, it } from "vitest";
import { BAD_LINK, firstLink, NO_LINK } from "./link";

describe("firstLink", () => {
  it.each([
    ["看看这篇 https://mp.weixin.qq.com/s/AbC123，写得很好", "https://mp.weixin.qq.com/s/AbC123"],
    ["【标题】https://www.bilibili.com/video/BV1xx411c7mD?p=2 复制此链接", "https://www.bilibili.com/video/BV1xx411c7mD?p=2"],
    ["(http://example.com/a.html).", "http://example.com/a.html"],
    ["两个链接 https://a.example/1 和 https://b.example/2", "https://a.example/1"],
  ])("%s → %s", (text, url) => {
    expect(firstLink(text)).toEqual({ ok: true, url });
  });

  it("says when there is no link, or when it does not parse", () => {
    expect(firstLink("没有链接的文字")).toEqual({ ok: false, message: NO_LINK });
    expect(firstLink("ftp://example.com/x")).toEqual({ ok: false, message: NO_LINK });
    expect(firstLink("http://exa mple")).toEqual({ ok: true, url: "http://exa/" });
    expect(firstLink("https://[::1")).toEqual({ ok: false, message: BAD_LINK });
  });
});
