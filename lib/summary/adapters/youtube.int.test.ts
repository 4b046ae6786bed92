// A YouTube link pasted into the smart summary, through the queue, the real pipeline and a loopback
// OpenAI-compatible model: the watch page and caption files are served on loopback in YouTube's formats
// (fixtures/youtube, written for this project), the adapter pointed at them by its base URL.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { summariseThroughQueue } from "@/test/summary-queue";
import { taskHistory } from "../service";
import { stopSummaryWorkers } from "../worker";
import { setSiteAdapters } from ".";
import { YOUTUBE_MESSAGES, youtubeAdapter } from "./youtube";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/youtube/${name}`, import.meta.url), "utf8");
let server: Server;
let base = "";
let provider: FakeOpenAI;
const seen: string[] = [];

/** The watch page of each test video id: the fixture, or a variant of it. */
function watchPage(id: string): string {
  const page = fixture("watch.html").replaceAll("CAPTION_BASE", base);
  const player = (status: object, extra = "") => page.replace(/"playabilityStatus":\{[^}]*\}/, `"playabilityStatus":${JSON.stringify(status)}${extra}`);
  switch (id) {
    case "dQw4w9WgXcQ":
      return page;
    case "noCaptions0":
      return page.replace(/"captions":\{"playerCaptionsTracklistRenderer":\{.*?\}\},"videoDetails"/s, '"videoDetails"');
    case "signInWall0":
      return player({ status: "LOGIN_REQUIRED", reason: "请登录以确认你不是机器人" });
    case "removedVid0":
      return player({ status: "ERROR", reason: "此视频已被上传者删除" });
    default:
      // What a consent or verification interstitial looks like to a server: a page without the player.
      return '<!doctype html><html><body><form action="https://consent.youtube.com/save">在继续使用 YouTube 之前</form></body></html>';
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/watch") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(watchPage(url.searchParams.get("v") ?? ""));
    }
    if (url.pathname === "/api/timedtext" && url.searchParams.get("fmt") === "json3" && url.searchParams.get("lang") === "zh-Hans" && !url.searchParams.has("kind")) {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      return res.end(fixture("zh-hans.json3"));
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = await startFakeOpenAI();
  Object.assign(process.env, { ALLOW_PRIVATE_URLS: "1", OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat" });
  resetConfig();
  setSiteAdapters([youtubeAdapter({ base })]);
});

afterAll(async () => {
  await stopSummaryWorkers();
  setSiteAdapters(undefined);
  for (const k of ["ALLOW_PRIVATE_URLS", "OPENAI_BASE_URL", "OPENAI_API_KEY", "AI_CHAT_MODEL"]) delete process.env[k];
  resetConfig();
  await provider.close();
  await new Promise((r) => server.close(r));
});


describe("the YouTube adapter", () => {
  it("summarises a shared link from the human Chinese captions, through the queue and the model", async () => {
    provider.chat((body) => {
      const prompt = (body.messages as { content: string }[]).map((m) => m.content).join("\n");
      // The transcript with its times, and the instruction to cite them.
      const read = prompt.includes("三层的 B+ 树就能放下两千万行数据") && prompt.includes("[07:58] 三层") && prompt.includes("末尾用 [mm:ss] 标出");
      return { chunks: [{ content: read ? "## 知识点\n1. **B+ 树**：矮、胖、叶子有序 [05:30]" : "没有读到字幕" }] };
    });
    const task = await summariseThroughQueue("https://youtu.be/dQw4w9WgXcQ?si=share-token&t=42", "knowledge");
    expect(task).toMatchObject({ status: "completed", attempts: 1 });
    expect(task.result).toMatchObject({ title: "数据库索引为什么用 B+ 树？十分钟讲明白", method: "knowledge", author: "慢慢学数据库", duration: 612 });
    expect(task.result!.content).toContain("矮、胖、叶子有序");
    // The timed transcript is kept with the result, for the result screen and its .srt/.md exports.
    expect(task.result!.transcript).toHaveLength(8);
    expect(task.result!.transcript![0]).toEqual({ start: 1.2, end: 5.5, text: "大家好，今天讲数据库索引为什么几乎都用 B+ 树。" });
    // The history lists the video's length.
    const history = await taskHistory({ db: await getDb(), userId: task.userId, page: 1, perPage: 10 });
    expect(history.items[0]).toMatchObject({ title: "数据库索引为什么用 B+ 树？十分钟讲明白", duration: 612 });
    expect(task.steps).toMatchObject({ fetch: { status: "completed" }, transcribe: { status: "completed", message: "已读取字幕（8 条）" } });
    // One page, then the chosen track as json3: the human zh-Hans one, not the automatic one.
    expect(seen.filter((u) => u.startsWith("/watch"))).toEqual(["/watch?v=dQw4w9WgXcQ&hl=zh-CN"]);
    expect(seen.find((u) => u.startsWith("/api/timedtext"))).toMatch(/lang=zh-Hans&fmt=json3$/);
  });

  it.each([
    ["a video without captions", "https://www.youtube.com/watch?v=noCaptions0", YOUTUBE_MESSAGES.noCaptions],
    ["a sign-in wall", "https://m.youtube.com/watch?feature=share&v=signInWall0", YOUTUBE_MESSAGES.signIn],
    ["a removed video", "https://www.youtube.com/shorts/removedVid0", YOUTUBE_MESSAGES.unplayable("此视频已被上传者删除")],
    ["a consent or verification page", "https://www.youtube.com/embed/consentPag0", YOUTUBE_MESSAGES.wall],
  ])("fails at once with a clear message on %s", async (_name, url, message) => {
    const before = seen.length;
    const task = await summariseThroughQueue(url, "knowledge");
    expect(task).toMatchObject({ status: "failed", error: message, attempts: 1 });
    expect(task.steps).toMatchObject({ fetch: { status: "error", error: message } });
    expect(seen.slice(before).filter((u) => u.startsWith("/watch"))).toHaveLength(1); // no retry
  });

  it("knows YouTube's link shapes and leaves other links to the page fetcher", () => {
    const a = youtubeAdapter();
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?list=PL1&v=dQw4w9WgXcQ&index=2",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://m.youtube.com/shorts/dQw4w9WgXcQ",
      "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/live/dQw4w9WgXcQ?si=x",
    ])
      expect(a.matches(url), url).toBe(true);
    for (const url of ["https://www.youtube.com/@channel", "https://www.youtube.com/watch?v=short", "https://example.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQextra"])
      expect(a.matches(url), url).toBe(false);
  });
});
