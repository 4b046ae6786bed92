import "server-only";
// The transcribe step for media (a direct link, a podcast enclosure, a page's <audio>/<video>): with ffmpeg,
// any container and any length through lib/summary/media (streamed to disk, pieces cut on silences,
// transcribed in parallel); without it, the older in-memory path that cuts MP3/AAC/WAV on frame
// boundaries and sends other containers whole up to 25 MB, its refusals saying that ffmpeg is missing.
import { describeAiError } from "@/lib/ai/chat";
import { transcribe, transcribeModel } from "@/lib/ai/transcribe";
import type { StepKey, TaskStep } from "@/lib/db/schema";
import { AudioTooLarge, splitAudio } from "./extract/audio-chunks";
import { cuesToText, type Cue } from "./extract/subtitles";
import { FETCH_MAX_BYTES, FetchRefused, readOpened, type OpenedFetch } from "./fetch";
import { FFMPEG_MISSING, FfmpegFailed, ffmpegPath } from "./media/ffmpeg";
import { MediaFailed } from "./media/extract";
import { PieceFailed } from "./media/transcribe";
import { mediaTranscript } from "./media/transcript";
import type { StepFailure } from "./worker";

/** Without ffmpeg a media file is read into memory: enclosures and page media up to this size. */
export const IN_MEMORY_MEDIA_MAX_BYTES = 100 * 1024 * 1024;

export type SpeechSource = { title: string; text: string; cues?: Cue[] };

type StepIo = {
  update: (key: StepKey, patch: Partial<TaskStep>, at: number) => Promise<void>;
  failure: (key: StepKey, message: string) => StepFailure;
  signal: AbortSignal;
};

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const pieceOf = (i: number, total: number) => (total > 1 ? `（第 ${i + 1}/${total} 段）` : "");

/**
 * The transcript of an opened media response. `direct`: the link itself is the media, so its download is
 * the fetch step; otherwise (an enclosure, a page's media) it is part of the transcribe step.
 */
export async function transcribeMedia(media: OpenedFetch, { title, direct, ...io }: StepIo & { title: string; direct: boolean }): Promise<SpeechSource> {
  const { update, failure, signal } = io;
  const fetchKey: StepKey = direct ? "fetch" : "transcribe";
  if (!transcribeModel()) {
    media.close();
    if (direct) await update("fetch", { status: "completed", message: "已识别音视频链接", progress: 100 }, 25);
    throw failure("transcribe", "这是音视频链接，需要配置语音转写模型（AI_TRANSCRIBE_MODEL）才能总结");
  }
  if (!ffmpegPath()) return inMemory(media, { title, direct, ...io });

  const progressAt = direct ? 5 : 35;
  let pieces = 0;
  let result;
  try {
    result = await mediaTranscript({
      media,
      signal,
      onProgress: async (p) => {
        if (p.stage === "download") {
          const of = p.length ? ` / ${mb(p.length)}` : "";
          const share = p.length ? Math.min(99, Math.round((p.bytes / p.length) * 100)) : 50;
          await update(fetchKey, { status: "active", message: `正在下载媒体文件（${mb(p.bytes)}${of}）…`, progress: share }, progressAt);
        } else if (p.stage === "extract") {
          if (direct) await update("fetch", { status: "completed", message: "媒体文件下载完成", progress: 100 }, 25);
          await update("transcribe", { status: "active", message: "正在提取音频…", progress: 5 }, 35);
        } else {
          pieces = p.total;
          const share = p.done / p.total;
          const message = p.done < p.total ? `正在转写第 ${p.done + 1}/${p.total} 段…` : `已转写 ${p.total}/${p.total} 段`;
          await update("transcribe", { message, progress: Math.round(10 + share * 90) }, 35 + Math.round(share * 25));
        }
      },
    });
  } catch (err) {
    if (signal.aborted) throw err;
    if (err instanceof FetchRefused) throw failure(fetchKey, err.message);
    if (err instanceof MediaFailed) throw failure("transcribe", err.message);
    if (err instanceof PieceFailed) {
      const cause = err.cause instanceof FfmpegFailed ? `音频切分出错（${err.cause.message}）` : describeAiError(err.cause);
      throw failure("transcribe", `语音转写失败${pieceOf(err.piece, err.total)}：${cause}`);
    }
    throw failure("transcribe", "处理音视频失败，请稍后重试");
  }
  return finish(result.cues, pieces, title, io);
}

async function finish(cues: Cue[], pieces: number, title: string, { update, failure }: StepIo): Promise<SpeechSource> {
  if (!cues.length) throw failure("transcribe", "没有从音视频里识别出文字");
  const text = pieces > 1 ? cuesToText(cues) : cues[0].text;
  const count = pieces > 1 ? `，共 ${pieces} 段` : "";
  await update("transcribe", { status: "completed", message: `转写完成（${text.length} 字${count}）`, progress: 100 }, 60);
  return { title, text, cues };
}

/** The path without ffmpeg: the whole file in memory, cut on frame boundaries where the format allows. */
async function inMemory(media: OpenedFetch, { title, direct, ...io }: StepIo & { title: string; direct: boolean }): Promise<SpeechSource> {
  const { update, failure, signal } = io;
  const key: StepKey = direct ? "fetch" : "transcribe";
  let body: Buffer;
  try {
    body = (await readOpened(media, { maxBytes: direct ? FETCH_MAX_BYTES : IN_MEMORY_MEDIA_MAX_BYTES, timeoutMs: 60_000 })).body;
  } catch (err) {
    const refused = err instanceof FetchRefused ? err : new FetchRefused("network_error", "读取链接失败，请稍后重试");
    throw failure(key, refused.code === "too_large" ? `${refused.message}；${FFMPEG_MISSING}` : refused.message);
  }
  if (direct) await update("fetch", { status: "completed", message: "链接读取完成", progress: 100 }, 25);
  await update("transcribe", { status: "active", message: "正在转写音视频…", progress: 5 }, 35);
  let chunks;
  try {
    chunks = splitAudio(body, decodeURIComponent(new URL(media.url).pathname.split("/").pop() || "audio.mp3"));
  } catch (err) {
    throw failure("transcribe", err instanceof AudioTooLarge ? `${err.message}；${FFMPEG_MISSING}` : "无法读取这个音视频文件");
  }
  const cues: Cue[] = [];
  for (const [i, chunk] of chunks.entries()) {
    if (chunks.length > 1) {
      await update("transcribe", { message: `正在转写第 ${i + 1}/${chunks.length} 段…`, progress: Math.round(5 + (i / chunks.length) * 95) }, 35 + Math.round((i / chunks.length) * 25));
    }
    try {
      const text = (await transcribe({ audio: chunk.data, name: chunk.name, signal })).trim();
      if (text) cues.push({ start: chunk.start, end: chunk.end ?? chunk.start, text });
    } catch (err) {
      throw failure("transcribe", `语音转写失败${pieceOf(i, chunks.length)}：${describeAiError(err)}`);
    }
  }
  if (chunks.length === 1 && cues.length) return finish(cues, 1, title, io).then((s) => ({ ...s, cues: undefined }));
  return finish(cues, chunks.length, title, io);
}
