// Links to sites that cannot be read fail at once through the queue, naming the site, without a request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summariseThroughQueue } from "@/test/summary-queue";
import { setSiteAdapters } from ".";
import { unsupportedMessage, unsupportedSitesAdapter } from "./unsupported";

beforeAll(() => setSiteAdapters([unsupportedSitesAdapter()]));
afterAll(() => setSiteAdapters(undefined));

describe("links to sites that cannot be read", () => {
  it.each([
    ["https://v.qq.com/x/cover/mzc00200abc/x0045xyz.html", "腾讯视频", "视频受版权保护，网页里没有可读取的音视频"],
    ["https://www.iqiyi.com/v_19rr7abc.html", "爱奇艺", "视频受版权保护，网页里没有可读取的音视频"],
    ["https://live.bilibili.com/21452505", "哔哩哔哩直播", "直播没有可供转写的完整录像"],
    ["https://v.kuaishou.com/abcDEF", "快手", "视频只能在登录后的 App 或网页里播放"],
  ])("%s fails at once naming %s", async (url, name, why) => {
    const task = await summariseThroughQueue(url);
    expect(task).toMatchObject({ status: "failed", error: unsupportedMessage(name, why), attempts: 1 });
    expect(task.steps).toMatchObject({ fetch: { status: "error" }, summarize: { status: "pending" } });
  });

  it("leaves other hosts alone", () => {
    const a = unsupportedSitesAdapter();
    expect(a.matches("https://www.bilibili.com/video/BV1xx411c7mD")).toBe(false);
    expect(a.matches("https://notqq.com/v.qq.com")).toBe(false);
    expect(a.matches("https://example.com/youku.com")).toBe(false);
    expect(a.matches("not a url")).toBe(false);
  });
});
