import "server-only";
// Synthetic articles streamed into PostgreSQL with COPY FROM STDIN (pg-copy-streams), over several
// connections at once: each backend computes its rows' generated columns (the search vectors' to_tsvector
// is most of the database's work) and TOASTs them, so two writers use both cores of a small machine while
// this process generates the text. Each COPY statement holds a batch of rows and commits on its own, so the
// statement triggers (site counters, articles version) see one batch at a time.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { NewArticle } from "@/lib/db/schema";
import { syntheticArticle } from "./synthetic";

/** The columns COPY writes, in order; every other column has a default or is generated. */
export const COPY_COLUMNS = [
  "title", "content", "summary", "author_name", "platform_name", "source_platform", "source_url", "published_at",
  "like_cnt", "comment_cnt", "favorite_cnt", "view_cnt", "origin", "search_title", "search_body", "search_grams",
] as const;

const SPECIAL = /[\\\n\r\t]/;

/** A value in COPY's text format: \N for null, backslash escapes for the delimiter, newlines and backslashes. */
export function copyText(value: string | null | undefined): string {
  if (value === null || value === undefined) return "\\N";
  if (!SPECIAL.test(value)) return value;
  return value.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll("\r", "\\r").replaceAll("\t", "\\t");
}

const CHUNK_BYTES = 1 << 20;

/**
 * COPY text written straight into buffers of about a megabyte (no per-line strings: concatenating and then
 * encoding 6 kB lines cost this process more than generating the articles).
 */
export class CopyBuffer {
  private buf = Buffer.allocUnsafe(CHUNK_BYTES);
  private off = 0;
  readonly full: Buffer[] = [];

  /** A text field (escaped), then the delimiter or, for the last field of a row, the newline. */
  field(value: string | null | undefined, last = false): void {
    const text = copyText(value);
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    if (this.off + text.length * 3 + 1 > this.buf.length) this.flush(text.length * 3 + 1);
    this.off += this.buf.write(text, this.off);
    this.buf[this.off++] = last ? 0x0a : 0x09;
  }

  /** One article as a row of COPY text, its fields in COPY_COLUMNS order. */
  row(a: NewArticle): void {
    this.field(a.title);
    this.field(a.content);
    this.field(a.summary);
    this.field(a.authorName);
    this.field(a.platformName);
    this.field(a.sourcePlatform);
    this.field(a.sourceUrl);
    this.field(a.publishedAt!.toISOString());
    this.field(String(a.likeCnt ?? 0));
    this.field(String(a.commentCnt ?? 0));
    this.field(String(a.favoriteCnt ?? 0));
    this.field(String(a.viewCnt ?? 0));
    this.field(a.origin);
    this.field(a.searchTitle);
    this.field(a.searchBody);
    this.field(a.searchGrams, true);
  }

  get size(): number {
    return this.off;
  }

  /** Moves what was written so far to `full` and starts a buffer with room for at least `room` bytes. */
  flush(room = 0): void {
    if (this.off) this.full.push(this.buf.subarray(0, this.off));
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, room));
    this.off = 0;
  }
}

/** The COPY text of the given articles in chunks of about a megabyte, generated as the stream asks for them. */
function* copyChunks(indices: ArrayLike<number>, seed: number, now: number): Generator<Buffer> {
  const out = new CopyBuffer();
  for (let i = 0; i < indices.length; i++) {
    out.row(syntheticArticle(indices[i], seed, now));
    if (out.size >= CHUNK_BYTES - 64 * 1024) out.flush();
    while (out.full.length) yield out.full.shift()!;
  }
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
  /** Stops the writers after their current batch. */
  signal?: AbortSignal;
  onProgress?: (done: number) => void;
};

/**
 * Writes the articles over the given connections, each taking the next batch when it finished its last.
 * Resolves to the number of rows written; a failure in one writer stops the others after their batch.
 */
export async function copySynthetic(clients: pg.ClientBase[], opts: CopyOptions): Promise<number> {
  const sql = `copy articles (${COPY_COLUMNS.join(", ")}) from stdin`;
  let next = 0;
  let written = 0;
  let failed = false;
  const writer = async (client: pg.ClientBase) => {
    while (!failed && !opts.signal?.aborted && next < opts.indices.length) {
      const batch = opts.indices.subarray(next, Math.min(next + opts.batchSize, opts.indices.length));
      next += batch.length;
      const stream = client.query(copyFrom(sql));
      try {
        await pipeline(Readable.from(copyChunks(batch, opts.seed, opts.now)), stream);
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
