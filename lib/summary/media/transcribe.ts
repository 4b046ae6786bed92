import "server-only";
// Pieces transcribed in parallel, bounded twice: MEDIA_TRANSCRIBE_PER_TASK at once for one task, and
// MEDIA_TRANSCRIBE_PER_PROCESS for all tasks of the process (the provider's rate limit is per key, and each
// piece is a file on disk and a request in flight). Each worker encodes its piece, waits for a process slot,
// sends it and deletes it. The first failure stops the others; the transcript comes back in order.
import { setMaxListeners } from "node:events";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { transcribe } from "@/lib/ai/transcribe";
import { MEDIA_TRANSCRIBE_PER_PROCESS, MEDIA_TRANSCRIBE_PER_TASK } from "../constants";
import type { Cue } from "../extract/subtitles";
import { encodePiece, type Piece } from "./pieces";

/** A piece the provider could not transcribe: which one, and the error it gave. */
export class PieceFailed extends Error {
  constructor(readonly piece: number, readonly total: number, readonly cause: unknown) {
    super(`piece ${piece + 1}/${total} failed`);
    this.name = "PieceFailed";
  }
}

type Slots = { free: number; waiting: (() => void)[] };
const g = globalThis as typeof globalThis & { __shiyueTranscribeSlots?: Slots };

/** Waits for one of the process's transcription slots; answers its release. */
async function processSlot(signal: AbortSignal): Promise<() => void> {
  const slots = (g.__shiyueTranscribeSlots ??= { free: MEDIA_TRANSCRIBE_PER_PROCESS, waiting: [] });
  if (slots.free > 0) slots.free--;
  else {
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener("abort", give);
        resolve();
      };
      const give = () => {
        slots.waiting.splice(slots.waiting.indexOf(turn), 1);
        reject(signal.reason);
      };
      slots.waiting.push(turn);
      signal.addEventListener("abort", give, { once: true });
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = slots.waiting.shift();
    if (next) next(); // the slot passes straight to the next waiter
    else slots.free++;
  };
}

/** Test hook: how many process slots are free now. */
export function freeTranscriptionSlots(): number {
  return g.__shiyueTranscribeSlots?.free ?? MEDIA_TRANSCRIBE_PER_PROCESS;
}

export async function transcribePieces({
  pcm,
  dir,
  pieces,
  signal,
  onDone,
}: {
  pcm: string;
  dir: string;
  pieces: Piece[];
  signal: AbortSignal;
  /** After each finished piece: how many are done. */
  onDone: (done: number) => Promise<void> | void;
}): Promise<Cue[]> {
  const stop = new AbortController();
  // The SDK leaves one listener per request on the signal it is given: one per piece, dropped with the task.
  setMaxListeners(2 * pieces.length + 10, stop.signal);
  const cancel = () => stop.abort(signal.reason);
  signal.addEventListener("abort", cancel, { once: true });
  if (signal.aborted) cancel();
  const texts: string[] = new Array(pieces.length).fill("");
  let next = 0;
  let done = 0;
  let failed: unknown = null;
  const fail = (err: unknown) => {
    if (stop.signal.aborted) return;
    failed = err;
    stop.abort(err);
  };
  let reports = Promise.resolve();
  const work = async () => {
    while (!stop.signal.aborted && next < pieces.length) {
      const piece = pieces[next++];
      const file = join(dir, `piece-${piece.index + 1}.mp3`);
      let release: (() => void) | undefined;
      try {
        await encodePiece({ pcm, piece, file, signal: stop.signal });
        release = await processSlot(stop.signal);
        const audio = await readFile(file);
        texts[piece.index] = (await transcribe({ audio, name: `part-${piece.index + 1}.mp3`, signal: stop.signal })).trim();
      } catch (err) {
        return fail(new PieceFailed(piece.index, pieces.length, err));
      } finally {
        release?.();
        await rm(file, { force: true });
      }
      const count = ++done;
      reports = reports.then(() => onDone(count)); // in order, one at a time
      await reports.catch(fail);
    }
  };
  try {
    // Every worker has stopped (and deleted its piece) before this returns, whatever happened.
    await Promise.allSettled(Array.from({ length: Math.min(MEDIA_TRANSCRIBE_PER_TASK, pieces.length) }, work));
  } finally {
    signal.removeEventListener("abort", cancel);
  }
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error("已取消");
  if (failed) throw failed;
  return pieces.flatMap((p) => (texts[p.index] ? [{ start: p.start, end: p.end, text: texts[p.index] }] : []));
}
