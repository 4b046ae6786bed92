// Rows in COPY's binary format (COPY … FROM STDIN WITH (FORMAT binary)), written straight into buffers of about a
// megabyte: a signature and two zero words, then per row the number of fields and each field as its length (-1 for
// null) and its bytes in the type's send form, then -1. Text is its UTF-8 bytes as they are (no escaping), so
// pieces already encoded are copied, not encoded again.

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
export const CHUNK_BYTES = 1 << 20;
/** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01 UTC). */
const PG_EPOCH_US = 946_684_800_000_000;

export class BinaryCopyWriter {
  buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  offset = 0;
  /** Buffers written and handed on (flush). */
  readonly full: Buffer[] = [];

  /** The header every binary COPY stream starts with. */
  header(): void {
    this.ensure(SIGNATURE.length + 8);
    this.bytes(SIGNATURE);
    this.int32(0); // flags
    this.int32(0); // header extension length
  }

  /** The end of the stream. */
  trailer(): void {
    this.ensure(2);
    this.int16(-1);
  }

  /** Room for `n` more bytes in the current buffer (moving on to a new one when needed). */
  ensure(n: number): void {
    if (this.offset + n > this.buffer.length) this.flush(n);
  }

  /** Moves what was written so far to `full` and starts a buffer with room for at least `room` bytes. */
  flush(room = 0): void {
    if (this.offset) this.full.push(this.buffer.subarray(0, this.offset));
    this.buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, room));
    this.offset = 0;
  }

  // Raw writes: the caller made room with ensure().
  bytes(b: Uint8Array): void {
    this.buffer.set(b, this.offset);
    this.offset += b.length;
  }
  int16(v: number): void {
    const o = this.offset;
    this.buffer[o] = (v >>> 8) & 0xff;
    this.buffer[o + 1] = v & 0xff;
    this.offset = o + 2;
  }
  int32(v: number): void {
    this.offset = this.buffer.writeInt32BE(v, this.offset);
  }

  // Whole fields (length, then value).
  row(fields: number): void {
    this.ensure(2);
    this.int16(fields);
  }
  null(): void {
    this.ensure(4);
    this.int32(-1);
  }
  textBytes(b: Uint8Array): void {
    this.ensure(4 + b.length);
    this.int32(b.length);
    this.bytes(b);
  }
  text(s: string): void {
    this.ensure(4 + 3 * s.length);
    const at = this.offset;
    const n = this.buffer.write(s, at + 4);
    this.buffer.writeInt32BE(n, at);
    this.offset = at + 4 + n;
  }
  int4(v: number): void {
    this.ensure(8);
    this.int32(4);
    this.int32(v);
  }
  /** A timestamptz from milliseconds since the Unix epoch (whole milliseconds, as a JavaScript Date holds). */
  timestamptz(ms: number): void {
    this.ensure(12);
    this.int32(8);
    const us = ms * 1000 - PG_EPOCH_US;
    const high = Math.floor(us / 2 ** 32);
    this.int32(high);
    this.offset = this.buffer.writeUInt32BE(us - high * 2 ** 32, this.offset);
  }
}
