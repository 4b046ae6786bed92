// The app (npm start, e2e/support/app-server.ts) wired to a loopback OpenAI-compatible provider that answers like
// DeepSeek's reasoner: reasoning first (delta.reasoning_content), then content citing the first article it was
// given and one it was not; summaries get knowledge points citing times, and speech-to-text answers each piece
// after a pause. Beside it, a loopback stand-in for Bilibili's API (the fixtures of the adapter's tests) whose
// video has no subtitles, only a 21-minute DASH audio stream made here with ffmpeg (three pieces to transcribe).
// Playwright's "provider" project runs its journeys against this server (one per worker); it keeps the default
// abuse budget, so the human-check journey runs there too.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeLongMedia, startMediaServer, type MediaCase } from "../../test/media";
import { startFakeOpenAI } from "../../test/openai-server";
import { startApp, type AppServer } from "./app-server";

export async function startProviderApp(): Promise<AppServer> {
  const provider = await startFakeOpenAI();
  const ffmpeg = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const mediaDir = mkdtempSync(join(tmpdir(), "shiyue-e2e-media-"));
  const bilibili = await startMediaServer();
  const fixture = (name: string) => readFileSync(new URL(`../../lib/summary/adapters/fixtures/${name}`, import.meta.url), "utf8");
  /** The DASH audio stream: AAC in MP4, with a pause every 130 s as speech has. */
  const AUDIO: MediaCase = { ext: "m4a", type: "audio/mp4", video: false, pauses: true, args: ["-c:a", "aac", "-b:a", "64k"] };
  const json = (text: string) => ({ type: "application/json; charset=utf-8", body: Buffer.from(text) });
  bilibili.serve("/x/web-interface/view", json(fixture("view.json")));
  bilibili.serve("/x/player/wbi/v2", json(JSON.stringify({ code: 0, data: { subtitle: { subtitles: [] } } })));
  bilibili.serve("/x/player/playurl", json(fixture("playurl.json").replaceAll("AUDIO_BASE", bilibili.url)));
  bilibili.serve("/audio-30216.m4s", { file: makeLongMedia(ffmpeg, mediaDir, AUDIO, 10), type: "audio/mp4" });

  // Pieces are transcribed in parallel, so the answer does not say which piece it was; each takes a while, as a
  // real transcription does (simulated work, not a wait).
  provider.transcription(async () => {
    await new Promise((r) => setTimeout(r, 1500));
    return { text: "联合索引要遵守最左前缀原则，范围查询顺着叶子链表扫描。" };
  });
  provider.chat((body) => {
    const system = (body.messages as { role: string; content: string }[])[0]?.content ?? "";
    if (system.startsWith("你是一名严谨的中文编辑")) {
      return { chunks: [{ content: "## 关键词\n\n`最左前缀`、`叶子链表`\n\n## 知识点\n\n1. **最左前缀**：联合索引从第一列用起 [00:30]\n2. **叶子链表**：范围查询顺着叶子扫描 [12:05]" }] };
    }
    const cited = /地址：(\/articles\/\d+)/.exec(system)?.[1] ?? "/";
    return {
      delayMs: 120,
      chunks: [
        { reasoning: "先看看站内有哪些相关文章，" },
        { reasoning: "再把要点整理出来。" },
        { content: "根据站内文章，" },
        { content: `可以先读[这篇](${cited})，` },
        { content: "另外[这一篇](/articles/99999999)也提到过。" },
        { content: "\n\n总之：先想清楚再动手。" },
      ],
    };
  });

  const cleanUp = async () => {
    await provider.close();
    await bilibili.close();
    rmSync(mediaDir, { recursive: true, force: true });
  };
  const app = await startApp({
    OPENAI_BASE_URL: provider.url,
    OPENAI_API_KEY: "test-key",
    AI_CHAT_MODEL: "fake-deepseek-reasoner",
    AI_EMBEDDING_MODEL: "",
    AI_TRANSCRIBE_MODEL: "fake-whisper",
    TEST_BILIBILI_API_BASE: bilibili.url,
  }).catch(async (err) => {
    await cleanUp();
    throw err;
  });
  return { ...app, stop: () => app.stop().finally(cleanUp) };
}
