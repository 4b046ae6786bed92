// Acceptance 2 of issue 20: real media made here with ffmpeg (MP3, MP4, WebM, Ogg, FLV; over 25 minutes and
// 25 MB), served on loopback, summarised through the queue, the real pipeline and the loopback provider:
// the pieces are in order, each ≤ 25 MB and ≤ 10 minutes, cut in the pauses (or at the mark when there is
// none), the transcript's times are right, and nothing is left in the temporary directory. Failures are
// clear, single and leave nothing behind.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as create } from "@/app/api/summary/create-task/route";
import { GET as status } from "@/app/api/summary/task/[id]/status/route";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { summaryTasks } from "@/lib/db/schema";
import { call } from "@/test/api";
import { MEDIA_CASES, PAUSE_SECONDS, UNIT_SECONDS, UNITS, makeLongMedia, makeShortAudio, makeSilentVideo, startMediaServer, type MediaServer } from "@/test/media";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { newUser } from "@/test/users";
import { MEDIA_MAX_BYTES, MEDIA_PIECE_MAX_BYTES, MEDIA_PIECE_SECONDS, MEDIA_TRANSCRIBE_PER_PROCESS, MEDIA_TRANSCRIBE_PER_TASK } from "../constants";
import { splitAudio } from "../extract/audio-chunks";
import { safeOpen } from "../fetch";
import { runSummaryTask } from "../pipeline";
import { startSummaryWorkers, stopSummaryWorkers } from "../worker";
import { MEDIA_NO_AUDIO, MEDIA_UNREADABLE, extractAudio } from "./extract";
import { FFMPEG_MISSING, ffmpegPath, setFfmpegPath } from "./ffmpeg";
import { freeTranscriptionSlots } from "./transcribe";
import { MEDIA_TMP_PREFIX, mediaTranscript } from "./transcript";

// The pipeline's temporary directories go to the system temp dir: this file's own, so it can be checked.
const work = mkdtempSync(join(tmpdir(), "shiyue-media-test-"));
const scratch = join(work, "tmp");
const fixtures = join(work, "fixtures");
mkdirSync(scratch);
mkdirSync(fixtures);
const savedTmp = process.env.TMPDIR;
process.env.TMPDIR = scratch;

let site: MediaServer;
let provider: FakeOpenAI;
let token = "";
let bin = "";
let uploads: { name: string; bytes: number; seconds: number }[] = [];
let prompt = "";
let inFlight = 0;
let mostInFlight = 0;

const leftovers = () => readdirSync(scratch).filter((f) => f.startsWith(MEDIA_TMP_PREFIX));

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
}

async function summarize(path: string) {
  const res = await call(create, "/api/summary/create-task", { json: { url: `${site.url}${path}`, method: "quick" }, token });
  expect(res.status).toBe(200);
  const id = res.body.task_id as string;
  let body: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      body = (await call(status, `/api/summary/task/${id}/status`, { token, params: { id } })).body;
      return body.status;
    }, { timeout: 60_000, interval: 50 })
    .toMatch(/completed|failed/);
  const [row] = await (await getDb()).select().from(summaryTasks).where(eq(summaryTasks.uuid, id));
  return { ...(body as { status: string; error: string | null; steps: Record<string, { status: string; message: string; error: string | null }> }), attempts: row.attempts };
}

beforeAll(async () => {
  bin = ffmpegPath()!;
  expect(bin, "ffmpeg (the @ffmpeg-installer package) must be installed for these tests").toBeTruthy();
  site = await startMediaServer();
  provider = await startFakeOpenAI();
  // An account older than a day: the file runs more summaries than a new account may start in a day.
  token = (await newUser("media", { createdAt: new Date(Date.now() - 2 * 86_400_000) })).token;
  setEnv({ ALLOW_PRIVATE_URLS: "1", OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_TRANSCRIBE_MODEL: "fake-whisper" });
  // The fake provider measures each piece it gets (MP3 frames) and answers with its name and length, so
  // the transcript shows which piece landed at which time.
  provider.transcription(async (_call, bytes, file) => {
    const [whole] = splitAudio(file.data, file.name, { maxSeconds: 1e9, maxBytes: 1e12 });
    const seconds = whole.end ?? 0;
    uploads.push({ name: file.name, bytes, seconds });
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 100)); // long enough for pieces to overlap
    inFlight--;
    return { text: `片段 ${file.name} 时长 ${seconds.toFixed(2)} 秒` };
  });
  provider.chat((body) => {
    prompt = (body.messages as { content: string }[]).at(-1)!.content;
    return { chunks: [{ content: "## 要点\n- 模型读到了转写稿" }] };
  });
  startSummaryWorkers({ getDb, run: runSummaryTask, concurrency: 2, pollMs: 30 });
});

afterEach(async () => {
  uploads = [];
  mostInFlight = 0;
  prompt = "";
  await (await getDb()).execute(sql`delete from summary_tasks`);
});

afterAll(async () => {
  await stopSummaryWorkers();
  setEnv({ ALLOW_PRIVATE_URLS: undefined, OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined, AI_CHAT_MODEL: undefined, AI_TRANSCRIBE_MODEL: undefined });
  await site?.close();
  await provider?.close();
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(work, { recursive: true, force: true });
});

/** `[mm:ss] 片段 part-N.mp3 时长 S 秒` lines of the prompt: the time, the piece and its length. */
const timedLines = (text: string) =>
  [...text.matchAll(/\[(\d\d):(\d\d)\] 片段 part-(\d+)\.mp3 时长 ([\d.]+) 秒/g)].map((m) => ({ at: Number(m[1]) * 60 + Number(m[2]), piece: Number(m[3]), seconds: Number(m[4]) }));

describe("media files of any container and length", () => {
  it.each(Object.keys(MEDIA_CASES))("%s: cut on pauses into provider-sized pieces, transcribed in order with their times", async (kind) => {
    const c = MEDIA_CASES[kind];
    const started = performance.now();
    const file = makeLongMedia(bin, fixtures, c);
    const made = performance.now() - started;
    expect(statSync(file).size).toBeGreaterThan(25 * 1024 * 1024);
    site.serve(`/long.${c.ext}`, { file, type: c.type });
    const s = await summarize(`/long.${c.ext}`);
    console.log(`${kind}: generated in ${Math.round(made)} ms, summarised in ${Math.round(performance.now() - started - made)} ms, ${mostInFlight} pieces at the provider at once`);
    rmSync(file);
    expect(s.error).toBeNull();
    expect(s.status).toBe("completed");
    expect(s.steps.transcribe.message).toMatch(/^转写完成（\d+ 字，共 3 段）$/);

    // Every piece within the limits; the pieces together are the whole recording.
    const total = UNITS * UNIT_SECONDS;
    expect(uploads.map((u) => u.name).sort()).toEqual(["part-1.mp3", "part-2.mp3", "part-3.mp3"]);
    for (const u of uploads) {
      expect(u.bytes).toBeLessThanOrEqual(MEDIA_PIECE_MAX_BYTES);
      expect(u.seconds).toBeLessThanOrEqual(MEDIA_PIECE_SECONDS + 0.2); // an MP3 frame of encoder padding
    }
    expect(Math.abs(uploads.reduce((sum, u) => sum + u.seconds, 0) - total)).toBeLessThan(1.5);
    // Never more than the task's share of requests at once, and every process slot handed back.
    expect(mostInFlight).toBeLessThanOrEqual(MEDIA_TRANSCRIBE_PER_TASK);
    expect(freeTranscriptionSlots()).toBe(MEDIA_TRANSCRIBE_PER_PROCESS);

    // In order, each starting where the one before ended.
    const lines = timedLines(prompt);
    expect(lines.map((l) => l.piece)).toEqual([1, 2, 3]);
    let at = 0;
    for (const line of lines) {
      expect(Math.abs(line.at - at)).toBeLessThanOrEqual(1);
      at += line.seconds;
    }
    // Cut in the last pause before each ten-minute mark (pauses end every unit), or at the mark itself.
    const cuts = lines.slice(1).map((l) => l.at);
    if (c.pauses) {
      const firstPause = 4 * UNIT_SECONDS - PAUSE_SECONDS; // 517: the pause 517–520 s is the last before 10:00
      expect(cuts[0]).toBeGreaterThanOrEqual(firstPause);
      expect(cuts[0]).toBeLessThanOrEqual(firstPause + PAUSE_SECONDS);
      expect(cuts[1] - cuts[0]).toBeGreaterThanOrEqual(4 * UNIT_SECONDS - 1); // the pause 1037–1040 s
      expect(cuts[1] - cuts[0]).toBeLessThanOrEqual(4 * UNIT_SECONDS + 1);
    } else {
      expect(cuts).toEqual([600, 1200]);
    }
    expect(leftovers()).toEqual([]);
  });

  it("transcribes a podcast feed's enclosure through the same path", async () => {
    const file = makeShortAudio(bin, fixtures, "m4a", ["-c:a", "aac"]);
    site.serve("/episode.m4a", { file, type: "audio/mp4" });
    const feed = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>夜读</title><item><title>第一期</title><enclosure url="${site.url}/episode.m4a" type="audio/mp4" length="1"/></item></channel></rss>`;
    site.serve("/feed.xml", { type: "application/rss+xml", body: Buffer.from(feed) });
    const s = await summarize("/feed.xml");
    rmSync(file);
    expect(s.status).toBe("completed");
    expect(s.steps.transcribe.message).toMatch(/^转写完成（\d+ 字）$/);
    expect(uploads).toHaveLength(1);
    expect(Math.abs(uploads[0].seconds - 20)).toBeLessThan(0.2);
    expect(prompt).toContain("片段 part-1.mp3");
    expect(leftovers()).toEqual([]);
  });

  it("takes the audio out of MPEG-TS, M4A, AAC and WAV as well", async () => {
    const cases: [string, string[]][] = [
      ["ts", ["-c:a", "aac", "-f", "mpegts"]],
      ["m4a", ["-c:a", "aac"]],
      ["aac", ["-c:a", "aac", "-f", "adts"]],
      ["wav", ["-c:a", "pcm_s16le"]],
    ];
    for (const [ext, args] of cases) {
      const file = makeShortAudio(bin, fixtures, ext, args);
      const audio = await extractAudio({ input: file, pcm: join(fixtures, "out.pcm"), signal: new AbortController().signal });
      expect(Math.abs(audio.duration - 20), ext).toBeLessThan(0.1);
      rmSync(file);
    }
    rmSync(join(fixtures, "out.pcm"));
  });
});

describe("media that cannot be summarised", () => {
  it("refuses media over the size limit before reading it", async () => {
    site.serve("/huge.mp4", { type: "video/mp4", declaredLength: MEDIA_MAX_BYTES + 1 });
    const s = await summarize("/huge.mp4");
    expect(s).toMatchObject({ status: "failed", error: "内容过大（超过 2 GB）", attempts: 1 });
    expect(s.steps.fetch.status).toBe("error");
    expect(site.hits("/huge.mp4")).toBe(1);
    expect(uploads).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it("says a video has no audio track", async () => {
    site.serve("/no-audio.mp4", { file: makeSilentVideo(bin, fixtures), type: "video/mp4" });
    const s = await summarize("/no-audio.mp4");
    expect(s).toMatchObject({ status: "failed", error: MEDIA_NO_AUDIO, attempts: 1 });
    expect(s.steps.transcribe.status).toBe("error");
    expect(site.hits("/no-audio.mp4")).toBe(1);
    expect(uploads).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it("says a file that is not media cannot be read as media", async () => {
    site.serve("/fake.mp4", { type: "video/mp4", body: Buffer.from("<!DOCTYPE html><title>不是视频</title><p>这里只有文字。</p>".repeat(200)) });
    const s = await summarize("/fake.mp4");
    expect(s).toMatchObject({ status: "failed", error: MEDIA_UNREADABLE, attempts: 1 });
    expect(site.hits("/fake.mp4")).toBe(1);
    expect(uploads).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it("never lets a playlist make ffmpeg fetch what it names", async () => {
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${site.url}/segment.ts\n#EXT-X-ENDLIST\n`;
    site.serve("/list.m3u8", { type: "audio/mpegurl", body: Buffer.from(playlist) });
    const s = await summarize("/list.m3u8");
    expect(s).toMatchObject({ status: "failed", error: MEDIA_UNREADABLE });
    expect(site.hits("/segment.ts")).toBe(0);
    expect(leftovers()).toEqual([]);
  });

  it("without ffmpeg keeps the in-memory path and says ffmpeg is what is missing", async () => {
    setFfmpegPath(null);
    try {
      site.serve("/big.mp3", { type: "audio/mpeg", declaredLength: 30 * 1024 * 1024 });
      const s = await summarize("/big.mp3");
      expect(s).toMatchObject({ status: "failed", error: `内容过大（超过 20 MB）；${FFMPEG_MISSING}` });
      expect(leftovers()).toEqual([]);
    } finally {
      setFfmpegPath(undefined);
    }
  });
});

describe("the media download", () => {
  it("stops a body without a declared length at the limit, and cleans up", async () => {
    site.serve("/chunked.mp4", { file: makeSilentVideo(bin, fixtures), type: "video/mp4", chunked: true });
    const media = await safeOpen(`${site.url}/chunked.mp4`);
    expect(media.length).toBeNull();
    const err = await mediaTranscript({ media, signal: new AbortController().signal, onProgress: () => {}, maxBytes: 1000 }).catch((e: Error) => e);
    expect(err).toMatchObject({ code: "too_large", message: "内容过大（超过 0 MB）" });
    expect(leftovers()).toEqual([]);
  });

  it("removes everything when the task is cancelled mid-way", async () => {
    const file = makeLongMedia(bin, fixtures, MEDIA_CASES.mp3, 2);
    site.serve("/cancel.mp3", { file, type: "audio/mpeg" });
    const stop = new AbortController();
    const media = await safeOpen(`${site.url}/cancel.mp3`);
    const err = await mediaTranscript({ media, signal: stop.signal, onProgress: (p) => void (p.stage === "extract" && stop.abort(new Error("已取消"))) }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(leftovers()).toEqual([]);
    expect(uploads).toEqual([]);
    rmSync(file);
  });
});
