// Summary constants shared by the server and the browser. Kept apart from schema.ts so that client
// components importing them do not pull zod and the database schema into the page's JavaScript.

export const METHOD_NAMES = { quick: "快速总结", detailed: "详细总结", knowledge: "知识点", storyboard: "分镜脚本" } as const;

// Media files (lib/summary/media/): streamed to a temporary directory, their audio taken out with ffmpeg.
/** The largest media file fetched: hours of video at ordinary bitrates. */
export const MEDIA_MAX_BYTES = 2 * 1024 ** 3;
/** The longest a media download may take in all, and without receiving a byte. */
export const MEDIA_DOWNLOAD_TIMEOUT_MS = 30 * 60_000;
export const MEDIA_IDLE_TIMEOUT_MS = 30_000;
/** The longest piece sent to speech-to-text, and the largest (OpenAI-compatible endpoints take 25 MB). */
export const MEDIA_PIECE_SECONDS = 600;
export const MEDIA_PIECE_MAX_BYTES = 25 * 1024 * 1024;
/** A cut looks this far back from each ten-minute mark for a silence; without one it is a hard cut. */
export const MEDIA_SILENCE_WINDOW_SECONDS = 90;
/** Pieces transcribed at once for one task, and for all tasks of one process. */
export const MEDIA_TRANSCRIBE_PER_TASK = 3;
export const MEDIA_TRANSCRIBE_PER_PROCESS = 6;
