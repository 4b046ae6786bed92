import "server-only";
// A media file to a timed transcript: streamed to a temporary directory, its audio extracted (ffmpeg),
// cut on silences into pieces of at most ten minutes, the pieces transcribed in parallel, and the texts
// joined as cues whose times are each piece's place in the recording. The directory is removed in every
// outcome: done, failed or cancelled.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Cue } from "../extract/subtitles";
import type { OpenedFetch } from "../fetch";
import { downloadTo } from "./download";
import { extractAudio } from "./extract";
import { planPieces } from "./pieces";
import { transcribePieces } from "./transcribe";

/** Prefix of the temporary directories (under the system's temp dir). */
export const MEDIA_TMP_PREFIX = "shiyue-media-";

export type MediaProgress =
  | { stage: "download"; bytes: number; length: number | null }
  | { stage: "extract" }
  | { stage: "transcribe"; done: number; total: number };

export type MediaTranscript = { cues: Cue[]; duration: number; pieces: number };

export async function mediaTranscript({
  media,
  signal,
  onProgress,
  maxBytes,
}: {
  media: OpenedFetch;
  signal: AbortSignal;
  onProgress: (p: MediaProgress) => Promise<void> | void;
  maxBytes?: number;
}): Promise<MediaTranscript> {
  let dir: string | null = null;
  try {
    dir = await mkdtemp(join(tmpdir(), MEDIA_TMP_PREFIX));
    const input = join(dir, "source");
    await downloadTo(media, input, { signal, maxBytes, onProgress: (bytes, length) => void Promise.resolve(onProgress({ stage: "download", bytes, length })).catch(() => {}) });
    await onProgress({ stage: "extract" });
    const pcm = join(dir, "audio.pcm");
    const audio = await extractAudio({ input, pcm, signal });
    await rm(input, { force: true }); // the source is no longer needed: free its disk space now
    const pieces = planPieces(audio.duration, audio.silences);
    await onProgress({ stage: "transcribe", done: 0, total: pieces.length });
    const cues = await transcribePieces({
      pcm,
      dir,
      pieces,
      signal,
      onDone: (done) => onProgress({ stage: "transcribe", done, total: pieces.length }),
    });
    return { cues, duration: audio.duration, pieces: pieces.length };
  } finally {
    media.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
