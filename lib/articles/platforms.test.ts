import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLATFORMS, detectPlatform, platformIconPath } from "./platforms";

describe("platforms", () => {
  it.each([
    ["https://mp.weixin.qq.com/s/abc", "wechat"],
    ["https://zhuanlan.zhihu.com/p/1", "zhihu"],
    ["https://www.zhihu.com/question/1/answer/2", "zhihu"],
    ["https://juejin.cn/post/1", "juejin"],
    ["https://www.bilibili.com/video/BV1xx", "bilibili"],
    ["https://www.xiaohongshu.com/explore/1", "xiaohongshu"],
    ["https://weibo.com/1/abc", "weibo"],
    ["https://sspai.com/post/1", "sspai"],
    ["https://36kr.com/p/1", "36kr"],
    ["https://movie.douban.com/review/1/", "douban"],
    ["https://blog.csdn.net/u/article/details/1", "csdn"],
    ["https://www.cnblogs.com/u/p/1.html", "cnblogs"],
    ["https://www.infoq.cn/article/x", "infoq"],
    ["https://github.com/a/b", "github"],
    ["https://www.youtube.com/watch?v=x", "youtube"],
    ["https://medium.com/@a/b", "medium"],
  ])("detects %s as %s", (url, key) => {
    expect(detectPlatform(url)?.key).toBe(key);
  });

  it("does not match look-alike hosts", () => {
    expect(detectPlatform("https://notzhihu.com/x")).toBeUndefined();
    expect(detectPlatform("https://zhihu.com.evil.cn/x")).toBeUndefined();
    expect(detectPlatform("not a url")).toBeUndefined();
  });

  it("has an icon file for every platform and a default", () => {
    for (const p of PLATFORMS) expect(existsSync(`public${platformIconPath(p.key)}`), p.key).toBe(true);
    expect(platformIconPath("unknown")).toBe("/assets/platform_ico/default.ico");
    expect(existsSync("public/assets/platform_ico/default.ico")).toBe(true);
  });
});
