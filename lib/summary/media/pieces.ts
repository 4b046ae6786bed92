import "server-only";
// The decoded audio cut into pieces a speech-to-text provider takes: at most ten minutes (and 25 MB) each,
// cut in the silence nearest before each ten-minute mark, or at the mark when no one pauses near it. A
// piece is encoded from the PCM when its turn comes, as 16 kHz mono MP3 (every OpenAI-compatible
// endpoint takes MP3; 32 kbit/s keeps ten minutes at 2.4 MB, a two-hour recording at 29 MB).
import { stat } from "node:fs/promises";
import { MEDIA_PIECE_MAX_BYTES, MEDIA_PIECE_SECONDS, MEDIA_SILENCE_WINDOW_SECONDS } from "../constants";
import { SAMPLE_RATE, type Silence } from "./extract";
import { runFfmpeg } from "./ffmpeg";

export type Piece = { index: number; start: number; end: number };

const PIECE_BITRATE = "32k";
/** LAME's -q 7 ("fast, good enough"): a third of the default's time, the same size, speech stays clear. */
const PIECE_QUALITY = "7";
const ENCODE_TIMEOUT_MS = 2 * 60_000;
/** A last piece shorter than this is not worth a request. */
const MIN_PIECE_SECONDS = 0.2;

const ms = (t: number) => Math.round(t * 1000) / 1000;

/** Where to cut `duration` seconds of audio given its silences (each piece ≤ maxSeconds). */
export function planPieces(
  duration: number,
  silences: Silence[],
  { maxSeconds = MEDIA_PIECE_SECONDS, windowSeconds = MEDIA_SILENCE_WINDOW_SECONDS } = {},
): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  while (duration - start > maxSeconds) {
    const mark = start + maxSeconds;
    // The middle of the latest pause that starts after the window opens and whose middle is not past the mark.
    const pause = silences
      .map((s) => (s.start + s.end) / 2)
      .filter((middle) => middle > mark - windowSeconds && middle <= mark && middle > start)
      .at(-1);
    const end = ms(pause ?? mark);
    pieces.push({ index: pieces.length, start: ms(start), end });
    start = end;
  }
  if (duration - start >= MIN_PIECE_SECONDS || !pieces.length) pieces.push({ index: pieces.length, start: ms(start), end: ms(duration) });
  return pieces;
}

/** Encodes one piece of the PCM file to `file` (MP3); answers its size, which must fit one request. */
export async function encodePiece({ pcm, piece, file, signal }: { pcm: string; piece: Piece; file: string; signal?: AbortSignal }): Promise<number> {
  await runFfmpeg(
    {
      input: {
        file: pcm,
        formats: ["s16le"],
        options: ["-f", "s16le", "-ar", String(SAMPLE_RATE), "-ac", "1", "-ss", piece.start.toFixed(3), "-t", (piece.end - piece.start).toFixed(3)],
      },
      output: ["-c:a", "libmp3lame", "-b:a", PIECE_BITRATE, "-compression_level", PIECE_QUALITY, "-map_metadata", "-1", "-fs", String(MEDIA_PIECE_MAX_BYTES + 1), "-y", file],
    },
    { signal, timeoutMs: ENCODE_TIMEOUT_MS },
  );
  const { size } = await stat(file);
  if (size > MEDIA_PIECE_MAX_BYTES) throw new Error(`piece ${piece.index + 1} is ${size} bytes`);
  return size;
}
