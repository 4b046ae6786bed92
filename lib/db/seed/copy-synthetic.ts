import "server-only";
// Synthetic articles streamed into PostgreSQL with COPY FROM STDIN in binary format (pg-copy-streams), over
// several connections at once. Each article is written from its pieces' bytes (synthetic.ts) with its search
// vectors assembled here (search-vectors.ts), so the database parses no text and computes no tsvector: what is
// left to it per row is storing it (TOAST compression of the content and the search text, most of it). Each
// COPY statement holds a batch of rows and commits on its own, so the statement triggers (site counters,
// articles version) see one batch at a time.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { BinaryCopyWriter, CHUNK_BYTES } from "./copy-writer";
import { SyntheticVectors } from "./search-vectors";
import { drawSynthetic, PARAGRAPH_BREAK, SUMMARY_LENGTH, type Piece, type SyntheticDraw } from "./synthetic";

/** The columns COPY writes, in order; every other column has a default (or is the identity). */
export const COPY_COLUMNS = [
  "title", "content", "summary", "author_name", "platform_name", "source_platform", "source_url", "published_at",
  "like_cnt", "comment_cnt", "favorite_cnt", "view_cnt", "origin", "search_title", "search_body", "search_grams",
  "search_vector", "title_vector", "title_grams",
] as const;

/** Short strings that repeat (authors, platforms), encoded once. */
const encoded = new Map<string, Buffer>();
const bytesOf = (s: string) => {
  let b = encoded.get(s);
  if (!b) encoded.set(s, (b = Buffer.from(s)));
  return b;
};

/** One article as a binary COPY row, its fields in COPY_COLUMNS order. */
export function writeArticle(out: BinaryCopyWriter, vectors: SyntheticVectors, a: SyntheticDraw): void {
  const title = vectors.title(a);
  const body = a.body;
  out.row(COPY_COLUMNS.length);
  out.textBytes(title.title);
  // The content: every piece's text; the search body: the words of those with words, joined by spaces.
  let contentLength = 0;
  let wordsLength = 0;
  for (let k = 0; k < body.length; k++) {
    contentLength += body[k].textBytes.length;
    if (body[k].wordBytes.length) wordsLength += body[k].wordBytes.length + 1;
  }
  out.ensure(4 + contentLength);
  out.int32(contentLength);
  for (let k = 0; k < body.length; k++) out.bytes(body[k].textBytes);
  writeSummary(out, body);
  out.textBytes(bytesOf(a.authorName));
  out.textBytes(bytesOf(a.platformName));
  out.textBytes(bytesOf(a.sourcePlatform));
  out.text(a.sourceUrl);
  out.timestamptz(a.publishedAtMs);
  out.int4(a.likeCnt);
  out.int4(a.commentCnt);
  out.int4(a.favoriteCnt);
  out.int4(a.viewCnt);
  out.textBytes(ORIGIN);
  out.textBytes(title.searchTitle);
  wordsLength = Math.max(0, wordsLength - 1);
  out.ensure(4 + wordsLength);
  out.int32(wordsLength);
  let first = true;
  for (let k = 0; k < body.length; k++) {
    const words = body[k].wordBytes;
    if (!words.length) continue;
    if (!first) out.buffer[out.offset++] = 0x20;
    out.bytes(words);
    first = false;
  }
  out.textBytes(title.searchGrams);
  vectors.writeSearchVector(out, a, title);
  out.textBytes(title.titleVector);
  out.textBytes(title.titleGrams);
}

const ORIGIN = Buffer.from("synthetic");

/** The summary (summaryOf in synthetic.ts) from the first paragraph's bytes: whole pieces, then part of one. */
function writeSummary(out: BinaryCopyWriter, body: SyntheticDraw["body"]): void {
  let chars = 0;
  let end = 0;
  while (end < body.length && body[end] !== PARAGRAPH_BREAK && chars + body[end].text.length <= SUMMARY_LENGTH) chars += body[end++].text.length;
  const rest = end < body.length && body[end] !== PARAGRAPH_BREAK && chars < SUMMARY_LENGTH ? body[end].text.slice(0, SUMMARY_LENGTH - chars) : "";
  let size = 0;
  for (let k = 0; k < end; k++) size += body[k].textBytes.length;
  out.ensure(4 + size + 3 * rest.length);
  const at = out.offset;
  out.offset += 4;
  for (let k = 0; k < end; k++) out.bytes(body[k].textBytes);
  if (rest) out.offset += out.buffer.write(rest, out.offset);
  out.buffer.writeInt32BE(out.offset - at - 4, at);
}

/** The binary COPY stream of the given articles in chunks of about a megabyte, made as the stream asks for them. */
function* copyChunks(indices: ArrayLike<number>, seed: number, now: number, vectors: SyntheticVectors): Generator<Buffer> {
  const out = new BinaryCopyWriter();
  const body: Piece[] = [];
  out.header();
  for (let i = 0; i < indices.length; i++) {
    writeArticle(out, vectors, drawSynthetic(indices[i], seed, now, body));
    if (out.offset >= CHUNK_BYTES - 64 * 1024) out.flush();
    while (out.full.length) yield out.full.shift()!;
  }
  out.trailer();
  out.flush();
  yield* out.full;
}

export type CopyOptions = {
  /** The article indices to write (those not in the database yet). */
  indices: Uint32Array;
  seed: number;
  now: number;
  /** Rows per COPY statement (one transaction each). */
  batchSize: number;
  /** The vectors of the synthetic vocabulary (prepared). */
  vectors: SyntheticVectors;
  /** Stops the writers after their current batch. */
  signal?: AbortSignal;
  onProgress?: (done: number) => void;
};

/**
 * Writes the articles over the given connections, each taking the next batch when it finished its last.
 * Resolves to the number of rows written; a failure in one writer stops the others after their batch.
 */
export async function copySynthetic(clients: pg.ClientBase[], opts: CopyOptions): Promise<number> {
  const sql = `copy articles (${COPY_COLUMNS.join(", ")}) from stdin with (format binary)`;
  let next = 0;
  let written = 0;
  let failed = false;
  const writer = async (client: pg.ClientBase) => {
    while (!failed && !opts.signal?.aborted && next < opts.indices.length) {
      const batch = opts.indices.subarray(next, Math.min(next + opts.batchSize, opts.indices.length));
      next += batch.length;
      const stream = client.query(copyFrom(sql));
      try {
        await pipeline(Readable.from(copyChunks(batch, opts.seed, opts.now, opts.vectors)), stream);
      } catch (err) {
        failed = true;
        throw err;
      }
      written += stream.rowCount;
      opts.onProgress?.(written);
    }
  };
  await Promise.all(clients.map(writer));
  return written;
}
