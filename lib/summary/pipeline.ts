import "server-only";
// One summary task, step by step: fetch (SSRF-safe) → process (an HTML article) or transcribe (subtitle
// tracks, or audio/video through the provider's speech-to-text: speech.ts, with ffmpeg any container and any
// length streamed to disk and cut on pauses into ten-minute pieces, lib/summary/media/) →
// summarize (the model's prompt per method, or the local extractive engine). Each step reports its status and message as it goes; a failed
// step carries the reason the reader will see.
import { chatModel, describeAiError } from "@/lib/ai/chat";
import { markdownToPlainText } from "@/lib/search/text";
import type { StepKey, TaskResult, TaskStep, TaskSteps } from "@/lib/db/schema";
import { summarizeWithModel } from "./ai-summary";
import { FeedParseError, parseFeed, type FeedItem } from "@/lib/ingest/feed-parse";
import { extractArticle, mediaTracks } from "./extract/html";
import { cuesToText, parseSubtitles, type Cue } from "./extract/subtitles";
import { decodeBody } from "./decode";
import { MEDIA_MAX_BYTES } from "./constants";
import { FetchRefused, readOpened, safeFetch, safeOpen, type OpenedFetch, type SafeFetchResult } from "./fetch";
import { ffmpegPath } from "./media/ffmpeg";
import { IN_MEMORY_MEDIA_MAX_BYTES, transcribeMedia } from "./speech";
import { summarizeLocally } from "./local/summarize";
import { siteAdapters } from "./adapters";
import { keptTranscript } from "./transcript-reuse";
import { getDb } from "@/lib/db";
import { initialSteps } from "./service";
import { StepFailure, type RunTask } from "./worker";

/** What is summarised: a title and text (with timed cues for transcripts), and what the platform said about it. */
type Source = { title: string; text: string; cues?: Cue[]; author?: string | null; duration?: number | null; context?: string | null };

const isMedia = (contentType: string) => /^(audio|video)\//i.test(contentType.trim());
const fileName = (url: string, fallback: string) => decodeURIComponent(new URL(url).pathname.split("/").pop() || fallback);

/** The newest dated item with audio or video (feeds list episodes oldest or newest first), else the first one. */
function newestEpisode(items: FeedItem[]): FeedItem | null {
  const episodes = items.filter((item) => item.media.length);
  const dated = episodes.filter((item) => item.publishedAt).sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime());
  return dated[0] ?? episodes[0] ?? null;
}

export const runSummaryTask: RunTask = async (task, { signal, report }) => {
  const steps: TaskSteps = initialSteps();
  let progress = 0;
  const update = async (key: StepKey, patch: Partial<TaskStep>, at: number) => {
    steps[key] = { ...steps[key], ...patch };
    progress = Math.max(progress, at);
    await report({ progress, steps });
  };
  const failure = (key: StepKey, message: string) => {
    steps[key] = { ...steps[key], status: "error", error: message, message: "失败" };
    return new StepFailure(message, steps);
  };
  const refusal = (err: unknown) => (err instanceof FetchRefused ? err.message : "读取链接失败，请稍后重试");
  const fetchOr = async (key: StepKey, url: string): Promise<SafeFetchResult> => {
    try {
      return await safeFetch(url, { signal });
    } catch (err) {
      throw failure(key, refusal(err));
    }
  };
  /** Opens a link (headers only); media bodies are then streamed, pages read with the usual limits. */
  const openOr = async (key: StepKey, url: string, opts: { maxBytes?: number; headers?: Record<string, string> } = {}): Promise<OpenedFetch> => {
    try {
      return await safeOpen(url, { ...opts, signal });
    } catch (err) {
      throw failure(key, refusal(err));
    }
  };

  const source = await readSource();

  await update("summarize", { status: "active", message: chatModel() ? "正在由模型生成总结…" : "正在用本地引擎生成总结…", progress: 10 }, 70);
  let content: string;
  if (chatModel()) {
    try {
      content = await summarizeWithModel({
        title: source.title,
        text: source.text,
        method: task.method,
        context: source.context,
        signal,
        onChunk: (done, total) => update("summarize", { progress: Math.round((done / total) * 100) }, 70 + Math.round((done / total) * 25)),
      });
    } catch (err) {
      throw failure("summarize", `生成总结失败：${describeAiError(err)}`);
    }
  } else {
    content = summarizeLocally({ title: source.title, text: source.text, method: task.method, cues: source.cues });
  }
  await update("summarize", { status: "completed", message: "总结完成", progress: 100 }, 99);

  const summary = markdownToPlainText(content.replace(/^>.*$/m, "")).replace(/\s+/g, " ").trim().slice(0, 120);
  const result: TaskResult = {
    title: source.title,
    content,
    summary,
    source_url: task.url,
    method: task.method,
    created_at: new Date().toISOString(),
    reused: false,
    article_id: null,
    ...(source.author && { author: source.author }),
    ...(source.duration && { duration: Math.round(source.duration) }),
    ...(source.cues?.length && { transcript: source.cues.map(({ start, end, text }) => ({ start, end, text })) }),
  };
  return { result, steps };

  async function readSource(): Promise<Source> {
    const kept = await keptTranscript({ db: await getDb(), normalizedUrl: task.normalizedUrl });
    if (kept) {
      await update("fetch", { status: "completed", message: "已复用此前获取的内容", progress: 100 }, 25);
      await update("transcribe", { status: "completed", message: `已复用此前的转写稿（${kept.transcript.length} 段）`, progress: 100 }, 60);
      const cues = kept.transcript;
      return { title: kept.title, text: cuesToText(cues), cues, author: kept.author ?? null, duration: kept.duration ?? null };
    }
    const adapter = siteAdapters().find((a) => a.matches(task.url));
    if (adapter) {
      await update("fetch", { status: "active", message: "正在读取视频信息…", progress: 20 }, 5);
      let found;
      try {
        found = await adapter.source(task.url);
      } catch (err) {
        throw failure("fetch", err instanceof Error && err.message ? err.message : "读取链接失败，请稍后重试");
      }
      await update("fetch", { status: "completed", message: found.media ? "媒体信息读取完成" : "视频信息读取完成", progress: 100 }, 25);
      const about = { author: found.author ?? null, duration: found.duration ?? null, context: found.context ?? null };
      if (found.media) return { ...(await viaSpeech(found.media.url, found.title, found.media.headers)), ...about };
      if (found.cues?.length) {
        await update("transcribe", { status: "completed", message: `已读取字幕（${found.cues.length} 条）`, progress: 100 }, 60);
        return { title: found.title, text: cuesToText(found.cues), cues: found.cues, ...about };
      }
      await update("process", { status: "completed", message: "已读取正文", progress: 100 }, 60);
      return { title: found.title, text: found.text ?? "", ...about };
    }
    return readPage();
  }

  /** The transcript of media found by a page, a feed or an adapter (part of the transcribe step). */
  async function viaSpeech(mediaUrl: string, title: string, headers?: Record<string, string>): Promise<Source> {
    await update("transcribe", { status: "active", message: "正在读取音视频…", progress: 5 }, 35);
    const media = await openOr("transcribe", mediaUrl, { maxBytes: ffmpegPath() ? MEDIA_MAX_BYTES : IN_MEMORY_MEDIA_MAX_BYTES, headers });
    return transcribeMedia(media, { update, failure, signal, title, direct: false });
  }

  /** A podcast feed's items through the feed collector's reader (RSS, Atom, JSON Feed), episodes without links kept. */
  function readFeed(body: string, url: string): FeedItem[] {
    try {
      return parseFeed(body, url, { keepUnlinkedMedia: true }).items;
    } catch (err) {
      throw err instanceof FeedParseError ? failure("process", err.message) : err;
    }
  }

  async function readPage(): Promise<Source> {
    await update("fetch", { status: "active", message: "正在读取链接…", progress: 20 }, 5);
    // The declared length is judged after the type: a page is read up to 20 MB, a media file streamed to disk.
    const opened = await openOr("fetch", task.url, { maxBytes: MEDIA_MAX_BYTES });
    const speech = { update, failure, signal };
    if (isMedia(opened.contentType)) {
      return transcribeMedia(opened, { ...speech, title: fileName(opened.url, new URL(opened.url).hostname), direct: true });
    }
    let page: SafeFetchResult;
    try {
      page = await readOpened(opened);
    } catch (err) {
      throw failure("fetch", refusal(err));
    }
    await update("fetch", { status: "completed", message: "链接读取完成", progress: 100 }, 25);


    const type = page.contentType.toLowerCase();
    if ((/rss|atom|xml/.test(type) && !type.includes("html")) || type.includes("feed+json")) {
      const episode = newestEpisode(readFeed(decodeBody(page.body, type), page.url));
      if (!episode) throw failure("process", "这个订阅源里没有找到音频节目");
      const [media] = episode.media;
      return viaSpeech(media.url, episode.title || fileName(media.url, "播客节目"));
    } else if (type.startsWith("text/vtt") || type.includes("subrip")) {
      const cues = parseSubtitles(decodeBody(page.body, type));
      if (!cues.length) throw failure("transcribe", "字幕文件里没有可读的内容");
      await update("transcribe", { status: "completed", message: `已读取字幕（${cues.length} 条）`, progress: 100 }, 60);
      return { title: fileName(page.url, "字幕"), text: cuesToText(cues), cues };
    } else {
      const html = decodeBody(page.body, type);
      await update("process", { status: "active", message: "正在提取正文…", progress: 30 }, 35);
      const article = type.includes("html") ? extractArticle(html, page.url) : null;
      const { media, tracks } = type.includes("html") ? mediaTracks(html, page.url) : { media: [], tracks: [] };
      const title = article?.title || new URL(page.url).hostname;
      if (tracks.length) {
        const track = await fetchOr("transcribe", tracks[0].url);
        const cues = parseSubtitles(decodeBody(track.body, track.contentType));
        if (!cues.length) throw failure("transcribe", "字幕文件里没有可读的内容");
        await update("process", { status: "completed", message: "已识别视频页面", progress: 100 }, 40);
        await update("transcribe", { status: "completed", message: `已读取字幕（${cues.length} 条）`, progress: 100 }, 60);
        return { title, text: cuesToText(cues), cues };
      } else if (article) {
        await update("process", { status: "completed", message: `已提取正文（${article.text.length} 字）`, progress: 100 }, 60);
        return { title, text: article.markdown || article.text };
      } else if (media.length) {
        await update("process", { status: "completed", message: "已识别音视频页面", progress: 100 }, 40);
        return viaSpeech(media[0].url, title);
      } else if (type.startsWith("text/plain")) {
        await update("process", { status: "completed", message: `已读取文本（${html.length} 字）`, progress: 100 }, 60);
        return { title, text: html };
      } else {
        throw failure("process", "没有在页面里找到可以总结的正文");
      }
    }
  }
};
