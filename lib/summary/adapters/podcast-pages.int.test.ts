// A 小宇宙 episode link and an Apple Podcasts episode link pasted into the smart summary, through the queue,
// the real pipeline (the episode's audio streamed, cut and transcribed with ffmpeg) and a loopback
// OpenAI-compatible provider. Pages and API answers are fixtures in the platforms' formats (written for this
// project), the audio a short recording made here with ffmpeg; the adapters are pointed at loopback by their
// base URLs.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { makeShortAudio, startMediaServer, type MediaServer } from "@/test/media";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { summariseThroughQueue } from "@/test/summary-queue";
import { ffmpegPath } from "../media/ffmpeg";
import { stopSummaryWorkers } from "../worker";
import { setSiteAdapters } from ".";
import { PODCAST_MESSAGES, applePodcastsAdapter, xiaoyuzhouAdapter } from "./podcast-pages";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/podcasts/${name}`, import.meta.url), "utf8");
const bin = ffmpegPath();
let site: MediaServer;
let provider: FakeOpenAI;
let dir = "";
const ENV = { ALLOW_PRIVATE_URLS: "1", OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_TRANSCRIBE_MODEL: "fake-whisper" };

beforeAll(async () => {
  site = await startMediaServer();
  provider = await startFakeOpenAI();
  dir = mkdtempSync(join(tmpdir(), "shiyue-podcast-"));
  // ffmpeg is a dependency (@ffmpeg-installer/ffmpeg): without it this test fails rather than skips.
  site.serve("/media/lk-episode-42.mp3", { file: makeShortAudio(bin!, dir, "mp3", ["-c:a", "libmp3lame", "-b:a", "32k"]), type: "audio/mpeg" });
  const page = fixture("xiaoyuzhou-episode.html").replaceAll("AUDIO_BASE", site.url);
  site.serve("/episode/6650b1c2d3e4f5a6b7c8d9e0", { type: "text/html; charset=utf-8", body: Buffer.from(page) });
  // A page whose episode has no public audio (a paid one): neither the data nor the meta carry a URL.
  const paid = page.replace(/"enclosure":\{[^}]*\},/, "").replace(/"source":\{[^}]*\}/, '"source":{"mode":"PRIVATE"}').replace(/<meta property="og:audio"[^>]*>/, "");
  site.serve("/episode/6650b1c2d3e4f5a6b7c8d9ff", { type: "text/html; charset=utf-8", body: Buffer.from(paid) });
  site.serve("/lookup", { type: "text/javascript; charset=utf-8", body: Buffer.from(fixture("apple-lookup.json").replaceAll("AUDIO_BASE", site.url)) });
  Object.assign(process.env, { ...ENV, OPENAI_BASE_URL: provider.url });
  resetConfig();
  setSiteAdapters([xiaoyuzhouAdapter({ base: site.url }), applePodcastsAdapter({ lookupBase: site.url })]);
});

afterAll(async () => {
  await stopSummaryWorkers();
  setSiteAdapters(undefined);
  for (const k of [...Object.keys(ENV), "OPENAI_BASE_URL"]) delete process.env[k];
  resetConfig();
  await provider.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});


describe("podcast episode links", () => {
  beforeAll(() => {
    provider.transcription(() => ({ text: "通知会把注意力切成碎片，关掉不必要的提醒是第一步。" }));
    provider.chat((body) => {
      const prompt = (body.messages as { content: string }[]).map((m) => m.content).join("\n");
      // The show notes come as background: 小宇宙's (with its chapter list), Apple's description.
      const notes = prompt.includes("节目简介（仅作背景，总结以内容为准）：\n本期聊注意力、通知和深度工作。") ? "读到了节目简介" : "没有节目简介";
      return { chunks: [{ content: prompt.includes("通知会把注意力切成碎片") ? `## 概览\n节目讲通知如何切碎注意力。${notes}` : "没有读到转写稿" }] };
    });
  });

  it.each([
    ["a 小宇宙 episode page", "https://www.xiaoyuzhoufm.com/episode/6650b1c2d3e4f5a6b7c8d9e0?s=share-token", "第 42 期：我们为什么越来越难专注（慢半拍）"],
    ["an Apple Podcasts episode link", "https://podcasts.apple.com/cn/podcast/%E6%85%A2%E5%8D%8A%E6%8B%8D/id1500000001?i=1000680000042", "第 42 期：我们为什么越来越难专注（慢半拍）"],
  ])("summarises %s from the episode's audio", async (_name, url, title) => {
    const before = site.hits("/media/lk-episode-42.mp3");
    const task = await summariseThroughQueue(url);
    expect(task).toMatchObject({ status: "completed", attempts: 1 });
    expect(task.result).toMatchObject({ title, author: "慢半拍", duration: 2412 });
    expect(task.result!.content).toContain("节目讲通知如何切碎注意力。读到了节目简介");
    expect(task.steps).toMatchObject({ fetch: { status: "completed", message: "媒体信息读取完成" }, transcribe: { status: "completed" } });
    expect(site.hits("/media/lk-episode-42.mp3")).toBe(before + 1);
  });

  it("summarises the same episode in another method from the transcript it kept, without fetching or transcribing again", async () => {
    const hits = site.hits("/media/lk-episode-42.mp3");
    const transcriptions = provider.requests.filter((r) => r.path.includes("audio/transcriptions")).length;
    const task = await summariseThroughQueue("https://www.xiaoyuzhoufm.com/episode/6650b1c2d3e4f5a6b7c8d9e0?s=share-token", "detailed");
    expect(task.status).toBe("completed");
    expect(task.steps!.transcribe.message).toMatch(/^已复用此前的转写稿（\d+ 段）$/);
    expect(task.result).toMatchObject({ title: "第 42 期：我们为什么越来越难专注（慢半拍）", author: "慢半拍", duration: 2412 });
    expect(task.result!.content).toContain("节目讲通知如何切碎注意力");
    expect(site.hits("/media/lk-episode-42.mp3")).toBe(hits);
    expect(provider.requests.filter((r) => r.path.includes("audio/transcriptions")).length).toBe(transcriptions);
  });

  it.each([
    ["a 小宇宙 episode without public audio", "https://www.xiaoyuzhoufm.com/episode/6650b1c2d3e4f5a6b7c8d9ff", PODCAST_MESSAGES.xiaoyuzhouNoAudio],
    ["an Apple episode the lookup does not list", "https://podcasts.apple.com/us/podcast/id1500000001?i=999", PODCAST_MESSAGES.appleNotFound],
    ["an Apple episode without audio", "https://podcasts.apple.com/cn/podcast/x/id1500000001?i=1000680000041", PODCAST_MESSAGES.appleNoAudio],
  ])("fails at once with a clear message on %s", async (_name, url, message) => {
    const task = await summariseThroughQueue(url);
    expect(task).toMatchObject({ status: "failed", error: message, attempts: 1 });
  });
});

describe("podcast link shapes", () => {
  it("knows episode links and leaves other links to the page fetcher", () => {
    const x = xiaoyuzhouAdapter();
    const a = applePodcastsAdapter();
    expect(x.matches("https://www.xiaoyuzhoufm.com/episode/6650b1c2d3e4f5a6b7c8d9e0")).toBe(true);
    expect(x.matches("https://xiaoyuzhoufm.com/episode/6650b1c2d3e4f5a6b7c8d9e0?utm_source=x")).toBe(true);
    expect(x.matches("https://www.xiaoyuzhoufm.com/podcast/60a1b2c3d4e5f6a7b8c9d0e1")).toBe(false);
    expect(a.matches("https://podcasts.apple.com/cn/podcast/%E6%85%A2/id1500000001?i=1000680000042")).toBe(true);
    expect(a.matches("https://podcasts.apple.com/podcast/id1500000001?l=en&i=1000680000042")).toBe(true);
    expect(a.matches("https://podcasts.apple.com/cn/podcast/%E6%85%A2/id1500000001")).toBe(false);
  });
});
