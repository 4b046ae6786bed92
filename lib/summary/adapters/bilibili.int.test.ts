import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import type { SummaryTask } from "@/lib/db/schema";
import { summariseThroughQueue } from "@/test/summary-queue";
import { makeShortAudio } from "@/test/media";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { ffmpegPath } from "../media/ffmpeg";
import { runSummaryTask } from "../pipeline";
import { initialSteps } from "../service";
import { StepFailure } from "../worker";
import { setSiteAdapters } from ".";
import { BILIBILI_MESSAGES, bilibiliAdapter } from "./bilibili";

// Responses in the format of Bilibili's public web API, written for this project (fixtures/*.json).
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
let server: Server;
let base = "";
const seen: string[] = [];
let noSubtitles = false;
/** The view API's answer code for the next request (0: the fixture). */
let viewCode = 0;
const audioReferers: string[] = [];
let provider: FakeOpenAI;
let dir = "";
let audioFile = "";

beforeAll(async () => {
  provider = await startFakeOpenAI();
  dir = mkdtempSync(join(tmpdir(), "shiyue-bili-"));
  // ffmpeg is a dependency (@ffmpeg-installer/ffmpeg): without it this test fails rather than skips.
  audioFile = makeShortAudio(ffmpegPath()!, dir, "m4a", ["-c:a", "aac"]);
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/b23/abcDEF1") return void res.writeHead(302, { location: `${base}/video/BV1xx411c7mD/?p=2&share_source=copy_web` }).end();
    if (path === "/b23/notVideo") return void res.writeHead(302, { location: `${base}/read/cv123` }).end();
    if (path.startsWith("/video/") || path.startsWith("/read/")) return void res.writeHead(200, { "content-type": "text/html" }).end("<html>bilibili</html>");
    if (path === "/audio-30216.m4s") {
      audioReferers.push(String(req.headers.referer));
      res.writeHead(200, { "content-type": "audio/mp4", "content-length": String(statSync(audioFile).size) });
      return void createReadStream(audioFile).pipe(res);
    }
    const body =
      path === "/x/web-interface/view"
        ? viewCode
          ? JSON.stringify({ code: viewCode, message: viewCode === -404 ? "啥都木有" : "访问权限不足" })
          : fixture("view.json")
        : path === "/x/player/wbi/v2"
          ? noSubtitles
            ? JSON.stringify({ code: 0, data: { subtitle: { subtitles: [] } } })
            : fixture("player.json").replaceAll("SUBTITLE_HOST", base.replace("http://", ""))
          : path === "/zh.json"
            ? fixture("subtitle.json")
            : path === "/x/player/playurl"
              ? fixture("playurl.json").replaceAll("AUDIO_BASE", base)
              : null;
    res.writeHead(body ? 200 : 404, { "content-type": "application/json; charset=utf-8" });
    res.end(body ?? "{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.ALLOW_PRIVATE_URLS = "1";
  resetConfig();
  setSiteAdapters([bilibiliAdapter({ apiBase: base })]);
});

afterAll(async () => {
  setSiteAdapters(undefined);
  delete process.env.ALLOW_PRIVATE_URLS;
  resetConfig();
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
  await new Promise((r) => server.close(r));
});

const task = (url: string) =>
  ({ id: 1, uuid: "t", userId: 1, url, normalizedUrl: url, method: "storyboard", status: "processing", progress: 0, steps: initialSteps(), result: null, error: null, leaseOwner: null, leaseExpiresAt: null, attempts: 1, articleId: null, createdAt: new Date(), startedAt: null, completedAt: null, updatedAt: new Date() }) as SummaryTask;
const ctx = { signal: new AbortController().signal, report: async () => {} };

describe("the Bilibili adapter", () => {
  it("summarises a video part from its Chinese subtitles, with timestamps, never fetching the page", async () => {
    const { result, steps } = await runSummaryTask(task("https://www.bilibili.com/video/BV1xx411c7mD/?p=2&spm_id_from=333"), ctx);
    expect(result.title).toBe("【图解】二十分钟讲清数据库索引（P2 联合索引与最左前缀）");
    expect(steps.transcribe).toMatchObject({ status: "completed", message: "已读取字幕（6 条）" });
    expect(result.content).toMatch(/### 场景 1（00:00–\d\d:\d\d）/);
    expect(result.content).toContain("最左前缀原则");
    expect(seen.some((u) => u.includes("cid=222"))).toBe(true);
    expect(seen.some((u) => u === "/ai.json")).toBe(false);
  });

  it("transcribes the player's smallest DASH audio stream when a video has no public subtitles", async () => {
    noSubtitles = true;
    Object.assign(process.env, { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_TRANSCRIBE_MODEL: "fake-whisper" });
    resetConfig();
    provider.transcription(() => ({ text: "联合索引要遵守最左前缀原则，跳过第一列就用不上索引。" }));
    try {
      // Through the queue: a reader pastes the link, a worker runs the task.
      const row = await summariseThroughQueue("https://www.bilibili.com/video/av170001?p=2");
      expect(row.status).toBe("completed");
      const result = row.result!;
      const steps = row.steps!;
      expect(row.attempts).toBe(1);
      expect(result).toMatchObject({ title: "【图解】二十分钟讲清数据库索引（P2 联合索引与最左前缀）", author: "索引小课堂", duration: 620 });
      expect(result.content).toContain("最左前缀原则");
      expect(steps.transcribe.status).toBe("completed");
      expect(seen).toContain("/x/web-interface/view?aid=170001");
      expect(seen.some((u) => u.startsWith("/x/player/playurl?bvid=BV1xx411c7mD&cid=222&fnval=16"))).toBe(true);
      expect(audioReferers).toEqual(["https://www.bilibili.com/"]);
    } finally {
      noSubtitles = false;
      for (const k of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "AI_TRANSCRIBE_MODEL"]) delete process.env[k];
      resetConfig();
    }
  });

  it("follows a b23.tv short link to the video part it names", async () => {
    setSiteAdapters([bilibiliAdapter({ apiBase: base, shortBase: `${base}/b23` })]);
    try {
      const { result } = await runSummaryTask(task("https://b23.tv/abcDEF1"), ctx);
      expect(result.title).toBe("【图解】二十分钟讲清数据库索引（P2 联合索引与最左前缀）");
      const err = await runSummaryTask(task("https://b23.tv/notVideo"), ctx).catch((e: unknown) => e);
      expect((err as StepFailure).message).toBe(BILIBILI_MESSAGES.shortLink);
    } finally {
      setSiteAdapters([bilibiliAdapter({ apiBase: base })]);
    }
  });

  it.each([
    [-404, BILIBILI_MESSAGES.removed],
    [-403, BILIBILI_MESSAGES.login],
  ])("fails at once with a clear message when the view API answers %i", async (code, message) => {
    viewCode = code;
    const before = seen.length;
    const err = await runSummaryTask(task("https://www.bilibili.com/video/BV1xx411c7mD"), ctx).catch((e: unknown) => e);
    viewCode = 0;
    expect(err).toBeInstanceOf(StepFailure);
    expect((err as StepFailure).message).toBe(message);
    expect(seen.slice(before)).toHaveLength(1); // one request, no retry
  });

  it("leaves other links to the page fetcher", () => {
    const a = bilibiliAdapter();
    expect(a.matches("https://www.bilibili.com/video/BV1xx411c7mD")).toBe(true);
    expect(a.matches("https://m.bilibili.com/video/BV1xx411c7mD?p=3")).toBe(true);
    expect(a.matches("https://live.bilibili.com/123")).toBe(false);
    expect(a.matches("https://example.com/video/BV1xx411c7mD")).toBe(false);
    expect(a.matches("https://www.bilibili.com/video/av170001")).toBe(true);
    expect(a.matches("https://b23.tv/abcDEF1")).toBe(true);
    expect(a.matches("https://www.bilibili.com/video/BV1xx411c7mDx")).toBe(false);
  });
});
