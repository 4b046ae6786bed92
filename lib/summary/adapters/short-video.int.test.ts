// 抖音 and 小红书 share links pasted into the smart summary, through the queue, the real pipeline (the video's
// audio taken out with ffmpeg and transcribed) and a loopback OpenAI-compatible provider. The short links
// redirect, as the platforms' do, to share pages in their formats (fixtures/short-video, written for this
// project), served on loopback with the media; the adapters are pointed at loopback by their base URL.
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { makeShortAudio } from "@/test/media";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { summariseThroughQueue } from "@/test/summary-queue";
import { ffmpegPath } from "../media/ffmpeg";
import { stopSummaryWorkers } from "../worker";
import { setSiteAdapters } from ".";
import { SHORT_VIDEO_MESSAGES, douyinAdapter, xiaohongshuAdapter } from "./short-video";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/short-video/${name}`, import.meta.url), "utf8");
let server: Server;
let base = "";
let provider: FakeOpenAI;
let dir = "";
let video = "";
const mediaRequests: { path: string; ua: string }[] = [];
const ENV = { ALLOW_PRIVATE_URLS: "1", OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_TRANSCRIBE_MODEL: "fake-whisper" };

beforeAll(async () => {
  provider = await startFakeOpenAI();
  dir = mkdtempSync(join(tmpdir(), "shiyue-short-video-"));
  // ffmpeg is a dependency (@ffmpeg-installer/ffmpeg): without it this test fails rather than skips.
  video = makeShortAudio(ffmpegPath()!, dir, "m4a", ["-c:a", "aac"]);
  const page = (name: string) => fixture(name).replaceAll("AUDIO_BASE", base);
  const routes: Record<string, () => [number, Record<string, string>, string]> = {
    // Short links redirect to the share page, as the platforms' do.
    "/iRNBho6u/": () => [302, { location: `${base}/share/video/7300000000000000001/?region=CN` }, ""],
    "/share/video/7300000000000000001/": () => [200, { "content-type": "text/html; charset=utf-8" }, page("douyin-share.html")],
    "/wallDY01/": () => [302, { location: `${base}/login/?redirect=video` }, ""],
    "/login/": () => [200, { "content-type": "text/html; charset=utf-8" }, "<html><body>登录后查看更多精彩视频</body></html>"],
    "/goneDY01/": () => [200, { "content-type": "text/html; charset=utf-8" }, page("douyin-share.html").replace(/"item_list":\[.*\],"filter_list":\[\]/s, '"item_list":[],"filter_list":[{"filter_reason":"status_deleted"}]')],
    "/a/4xQrZt9": () => [302, { location: `${base}/discovery/item/6650b1c2d3e4f5a6b7c8d9e1?app_platform=ios&xsec_source=app_share` }, ""],
    "/discovery/item/6650b1c2d3e4f5a6b7c8d9e1": () => [200, { "content-type": "text/html; charset=utf-8" }, page("xhs-note.html")],
    "/a/imgNote1": () => [200, { "content-type": "text/html; charset=utf-8" }, page("xhs-note.html").replace('"type":"video"', '"type":"normal"').replace(/"video":\{.*?\}\}\}\},/s, "")],
    "/a/wallXHS1": () => [302, { location: `${base}/website-login/captcha?redirectPath=note` }, ""],
    "/website-login/captcha": () => [200, { "content-type": "text/html; charset=utf-8" }, "<html><body>请完成验证</body></html>"],
  };
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path.startsWith("/aweme/") || path.startsWith("/stream/")) {
      mediaRequests.push({ path, ua: String(req.headers["user-agent"]) });
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(statSync(video).size) });
      return void createReadStream(video).pipe(res);
    }
    const [status, headers, body] = routes[path]?.() ?? [404, { "content-type": "text/plain" }, "not found"];
    res.writeHead(status, headers).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, { ...ENV, OPENAI_BASE_URL: provider.url });
  resetConfig();
  setSiteAdapters([douyinAdapter({ base }), xiaohongshuAdapter({ base })]);
  provider.transcription(() => ({ text: "先把热水冲到九十二度，再分三次注水。" }));
  provider.chat((body) => {
    const prompt = (body.messages as { content: string }[]).map((m) => m.content).join("\n");
    const source = prompt.includes("分三次注水") ? "转写稿" : prompt.includes("帐篷、睡袋、防潮垫") ? "笔记正文" : "什么也没有";
    return { chunks: [{ content: `## 概览\n模型读到了${source}。` }] };
  });
});

afterAll(async () => {
  await stopSummaryWorkers();
  setSiteAdapters(undefined);
  for (const k of [...Object.keys(ENV), "OPENAI_BASE_URL"]) delete process.env[k];
  resetConfig();
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
  await new Promise((r) => server.close(r));
});


describe("short-video share links", () => {
  it("summarises a 抖音 share link from the video's audio, watermark-free address, phone user agent", async () => {
    const task = await summariseThroughQueue("https://v.douyin.com/iRNBho6u/");
    expect(task).toMatchObject({ status: "completed", attempts: 1 });
    expect(task.result).toMatchObject({ title: "三分钟学会手冲咖啡 #咖啡 #新手教程", author: "豆子先生", duration: 185 });
    expect(task.result!.content).toContain("模型读到了转写稿");
    expect(mediaRequests.at(-1)).toMatchObject({ path: "/aweme/v1/play/" });
    expect(mediaRequests.at(-1)!.ua).toContain("iPhone");
  });

  it("summarises a 小红书 video note from its audio, and an image note from its text", async () => {
    const videoNote = await summariseThroughQueue("http://xhslink.com/a/4xQrZt9");
    expect(videoNote).toMatchObject({ status: "completed" });
    expect(videoNote.result).toMatchObject({ title: "新手露营装备清单，第一次去也不慌", author: "山野小周", duration: 96 });
    expect(videoNote.result!.content).toContain("模型读到了转写稿");
    expect(mediaRequests.at(-1)).toMatchObject({ path: "/stream/xhs-note-01.mp4" });
    const imageNote = await summariseThroughQueue("https://xhslink.com/a/imgNote1");
    expect(imageNote).toMatchObject({ status: "completed" });
    expect(imageNote.result!.content).toContain("模型读到了笔记正文");
  });

  it.each([
    ["a 抖音 login wall", "https://v.douyin.com/wallDY01/", SHORT_VIDEO_MESSAGES.douyinWall],
    ["a removed 抖音 video", "https://v.douyin.com/goneDY01/", SHORT_VIDEO_MESSAGES.douyinGone],
    ["a 小红书 verification page", "https://xhslink.com/a/wallXHS1", SHORT_VIDEO_MESSAGES.xhsWall],
  ])("fails at once with a clear message on %s", async (_name, url, message) => {
    const before = mediaRequests.length;
    const task = await summariseThroughQueue(url);
    expect(task).toMatchObject({ status: "failed", error: message, attempts: 1 });
    expect(mediaRequests.length).toBe(before);
  });

  it("knows the share links and leaves other links to the page fetcher", () => {
    const d = douyinAdapter();
    const x = xiaohongshuAdapter();
    expect(d.matches("https://v.douyin.com/iRNBho6u/")).toBe(true);
    expect(d.matches("https://www.douyin.com/video/7300000000000000001")).toBe(true);
    expect(d.matches("https://www.douyin.com/user/MS4w")).toBe(false);
    expect(x.matches("http://xhslink.com/a/4xQrZt9")).toBe(true);
    expect(x.matches("https://www.xiaohongshu.com/explore/6650b1c2d3e4f5a6b7c8d9e1?xsec_token=x")).toBe(true);
    expect(x.matches("https://www.xiaohongshu.com/user/profile/5f00")).toBe(false);
  });
});
