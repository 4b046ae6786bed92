import "server-only";
// One ffmpeg pass over the downloaded file: the first audio stream of whatever container it is (MP4, M4A,
// WebM, Ogg, FLV, MPEG-TS, MP3, AAC, WAV…) decoded to 16 kHz mono PCM on disk, with the silences
// found on the way (silencedetect), so the pieces can be cut where nobody speaks.
import { open, stat } from "node:fs/promises";
import { MEDIA_MAX_BYTES } from "../constants";
import { FfmpegFailed, runFfmpeg } from "./ffmpeg";

/** Speech-quality audio: what speech-to-text models resample to anyway. */
export const SAMPLE_RATE = 16_000;
/** Bytes per second of the PCM (16-bit mono). */
export const PCM_BYTES_PER_SECOND = SAMPLE_RATE * 2;
/** Quieter than this for at least SILENCE_MIN_SECONDS is a pause. */
const SILENCE_NOISE = "-35dB";
const SILENCE_MIN_SECONDS = 0.5;
/** The decoding pass may take this long (hours of media decode in well under a minute on one core). */
const EXTRACT_TIMEOUT_MS = 10 * 60_000;
/**
 * The containers a downloaded file may be read as (ffmpeg demuxer names): MP3; MP4/MOV/M4A; Matroska/WebM;
 * Ogg; WAV; FLAC; ADTS AAC; FLV; MPEG-TS. Nothing else is probed: no playlists (HLS, DASH, concat), no image
 * sequences, none of the hundreds of rarely used demuxers where an old decoder's bugs live.
 */
export const MEDIA_FORMATS = ["mp3", "mov", "matroska", "ogg", "wav", "flac", "aac", "flv", "mpegts"] as const;
/** The decoded audio is never larger than the largest download (2 GB of PCM: 18.6 hours of speech). */
const PCM_MAX_BYTES = MEDIA_MAX_BYTES;

export const MEDIA_NO_AUDIO = "这个音视频文件里没有音轨，无法转写";
export const MEDIA_UNREADABLE = "无法识别这个音视频文件：它可能已损坏，或者并不是音视频";
export const MEDIA_SILENT = "这个音视频文件里没有可以转写的声音";
export const MEDIA_TOO_LONG = `这个音视频太长了：解出的音频超过 ${Math.floor(PCM_MAX_BYTES / (SAMPLE_RATE * 2) / 3600)} 小时`;

export type Silence = { start: number; end: number };
export type ExtractedAudio = { pcm: string; duration: number; silences: Silence[] };

/** An extraction that failed for a reason the reader is told (`message`, in Chinese). */
export class MediaFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaFailed";
  }
}

/** Silences from silencedetect's log lines; one still open at the end lasts to `duration`. */
export function parseSilences(lines: string[], duration: number): Silence[] {
  const silences: Silence[] = [];
  let open: number | null = null;
  for (const line of lines) {
    const start = /silence_start: (-?[\d.]+)/.exec(line);
    const end = /silence_end: (-?[\d.]+)/.exec(line);
    if (start) open = Math.max(0, Number(start[1]));
    else if (end && open !== null) {
      silences.push({ start: open, end: Number(end[1]) });
      open = null;
    }
  }
  if (open !== null && open < duration) silences.push({ start: open, end: duration });
  return silences;
}

/** The reader's reason for a failed extraction, from ffmpeg's log. */
export function extractionError(err: unknown): MediaFailed {
  if (!(err instanceof FfmpegFailed)) return new MediaFailed(MEDIA_UNREADABLE);
  const log = err.stderr;
  if (/matches no streams/.test(log) || (/Stream #\d+:\d+/.test(log) && !/Stream #\d+:\d+.*Audio:/.test(log))) return new MediaFailed(MEDIA_NO_AUDIO);
  if (/退出码/.test(err.message)) return new MediaFailed(MEDIA_UNREADABLE);
  return new MediaFailed(`处理音视频失败：${err.message}`); // timed out, cancelled, could not run
}

/**
 * Whether a file starts like text (a web page or an error message served as video/mp4, a playlist): every
 * media container starts with binary headers, while ffmpeg's probing may still take text for some raw format
 * or for a playlist that names other files.
 */
export async function looksLikeText(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    const head = buffer.subarray(0, bytesRead);
    return head.length > 0 && !head.some((b) => b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f);
  } finally {
    await handle.close();
  }
}

/** Decodes `input`'s first audio stream to `pcm` (16 kHz mono s16le) and finds its silences. */
export async function extractAudio({ input, pcm, signal }: { input: string; pcm: string; signal?: AbortSignal }): Promise<ExtractedAudio> {
  if (await looksLikeText(input)) throw new MediaFailed(MEDIA_UNREADABLE);
  const lines: string[] = [];
  try {
    await runFfmpeg(
      {
        input: { file: input, formats: MEDIA_FORMATS },
        output: [
          "-map", "0:a:0", "-vn", "-sn", "-dn",
          "-af", `silencedetect=noise=${SILENCE_NOISE}:duration=${SILENCE_MIN_SECONDS}`,
          "-ac", "1", "-ar", String(SAMPLE_RATE), "-c:a", "pcm_s16le", "-fs", String(PCM_MAX_BYTES), "-f", "s16le", "-y", pcm,
        ],
      },
      { signal, timeoutMs: EXTRACT_TIMEOUT_MS, onLine: (line) => line.includes("silence_") && lines.push(line) },
    );
  } catch (err) {
    throw extractionError(err);
  }
  const { size } = await stat(pcm);
  if (size >= PCM_MAX_BYTES) throw new MediaFailed(MEDIA_TOO_LONG);
  const duration = size / PCM_BYTES_PER_SECOND;
  if (duration < 0.1) throw new MediaFailed(MEDIA_SILENT);
  return { pcm, duration, silences: parseSilences(lines, duration) };
}
