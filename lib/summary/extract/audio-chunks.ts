// Long audio cut into pieces a speech-to-text provider accepts (OpenAI-compatible endpoints take about
// 25 MB per request). Cuts fall on frame boundaries, so every piece is a valid file on its own: MP3 (and
// MPEG Layer I/II) by frame headers, AAC by ADTS headers, WAV by sample blocks under a fresh header. Other
// containers (MP4, WebM, Ogg) cannot be cut without a demuxer; they go whole when small enough.

export type AudioChunk = {
  data: Buffer;
  /** File name with the extension the provider uses to detect the format. */
  name: string;
  /** Offset of the piece in the whole recording, in seconds. */
  start: number;
  /** Null when the format's duration is unknown (a container sent whole). */
  end: number | null;
};

export type SplitOptions = { maxSeconds?: number; maxBytes?: number };

/** Ten minutes per piece; never more than 20 MB in one request. */
export const CHUNK_SECONDS = 600;
export const CHUNK_BYTES = 20 * 1024 * 1024;
/** What one request may carry when the file cannot be cut. */
export const WHOLE_FILE_MAX_BYTES = 25 * 1024 * 1024;

export class AudioTooLarge extends Error {}

type Frame = { offset: number; length: number; seconds: number };

const MPEG_RATES = [
  [11025, 12000, 8000], // MPEG 2.5
  null,
  [22050, 24000, 16000], // MPEG 2
  [44100, 48000, 32000], // MPEG 1
];
// kbps by [mpeg1?][layer 1..3][index]
const MPEG1_KBPS = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
];
const MPEG2_KBPS = [
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

function mpegFrameAt(buf: Buffer, at: number): Frame | null {
  if (at + 4 > buf.length || buf[at] !== 0xff || (buf[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (buf[at + 1] >> 3) & 3;
  const layer = 4 - ((buf[at + 1] >> 1) & 3); // 1, 2 or 3; 4 is reserved
  const bitrateIndex = buf[at + 2] >> 4;
  const rateIndex = (buf[at + 2] >> 2) & 3;
  const rates = MPEG_RATES[version];
  if (!rates || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const kbps = (version === 3 ? MPEG1_KBPS : MPEG2_KBPS)[layer - 1][bitrateIndex];
  const rate = rates[rateIndex];
  const padding = (buf[at + 2] >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 3 && version !== 3 ? 576 : 1152;
  const length = layer === 1 ? (Math.floor((12 * kbps * 1000) / rate) + padding) * 4 : Math.floor(((samples / 8) * kbps * 1000) / rate) + padding;
  return { offset: at, length, seconds: samples / rate };
}

function adtsFrameAt(buf: Buffer, at: number): Frame | null {
  if (at + 7 > buf.length || buf[at] !== 0xff || (buf[at + 1] & 0xf6) !== 0xf0) return null;
  const rate = ADTS_RATES[(buf[at + 2] >> 2) & 0xf];
  const length = ((buf[at + 3] & 3) << 11) | (buf[at + 4] << 3) | (buf[at + 5] >> 5);
  if (!rate || length < 7) return null;
  return { offset: at, length, seconds: (1024 * ((buf[at + 6] & 3) + 1)) / rate };
}

/** Size of an ID3v2 tag at the start, or 0. */
function id3Size(buf: Buffer): number {
  if (buf.length < 10 || buf.toString("latin1", 0, 3) !== "ID3") return 0;
  const size = ((buf[6] & 0x7f) << 21) | ((buf[7] & 0x7f) << 14) | ((buf[8] & 0x7f) << 7) | (buf[9] & 0x7f);
  return 10 + size + (buf[5] & 0x10 ? 10 : 0);
}

/**
 * Every frame from the first place where two frames follow each other (a lone 0xFF byte pair in a tag or
 * in junk is not a frame). Bytes between frames are skipped until the next header.
 */
function framesOf(buf: Buffer, frameAt: (buf: Buffer, at: number) => Frame | null): Frame[] {
  const frames: Frame[] = [];
  const head = id3Size(buf);
  let at = head;
  while (at < buf.length) {
    if (!frames.length && at - head > 64 * 1024) break; // no stream starts this late: not this format
    const frame = frameAt(buf, at);
    const chained = frame && (frames.length > 0 || at + frame.length >= buf.length || frameAt(buf, at + frame.length));
    if (frame && chained && at + frame.length <= buf.length) {
      frames.push(frame);
      at += frame.length;
    } else {
      at++;
    }
  }
  return frames;
}

function groupFrames(buf: Buffer, frames: Frame[], ext: string, maxSeconds: number, maxBytes: number): AudioChunk[] {
  const chunks: AudioChunk[] = [];
  let first = 0;
  let bytes = 0;
  let seconds = 0;
  let start = 0;
  const close = (end: number) => {
    const parts = frames.slice(first, end).map((f) => buf.subarray(f.offset, f.offset + f.length));
    const ms = (t: number) => Math.round(t * 1000) / 1000;
    chunks.push({ data: Buffer.concat(parts), name: `part-${chunks.length + 1}.${ext}`, start: ms(start), end: ms(start + seconds) });
    start += seconds;
    first = end;
    bytes = 0;
    seconds = 0;
  };
  frames.forEach((frame, i) => {
    if (i > first && (seconds + frame.seconds > maxSeconds + 1e-6 || bytes + frame.length > maxBytes)) close(i);
    bytes += frame.length;
    seconds += frame.seconds;
  });
  if (first < frames.length) close(frames.length);
  return chunks;
}

function splitWav(buf: Buffer, maxSeconds: number, maxBytes: number): AudioChunk[] | null {
  if (buf.length < 12 || buf.toString("latin1", 0, 4) !== "RIFF" || buf.toString("latin1", 8, 12) !== "WAVE") return null;
  let fmt: Buffer | null = null;
  for (let at = 12; at + 8 <= buf.length; ) {
    const id = buf.toString("latin1", at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === "fmt ") fmt = buf.subarray(at, at + 8 + size);
    if (id === "data" && fmt) {
      const byteRate = fmt.readUInt32LE(16);
      const blockAlign = Math.max(1, fmt.readUInt16LE(20));
      const data = buf.subarray(at + 8, Math.min(buf.length, at + 8 + size));
      const per = Math.max(blockAlign, Math.floor(Math.min(maxSeconds * byteRate, maxBytes - 8 - fmt.length - 12) / blockAlign) * blockAlign);
      const chunks: AudioChunk[] = [];
      for (let from = 0; from < data.length; from += per) {
        const body = data.subarray(from, from + per);
        const head = Buffer.alloc(8);
        head.write("data", 0, "latin1");
        head.writeUInt32LE(body.length, 4);
        const riff = Buffer.alloc(12);
        riff.write("RIFF", 0, "latin1");
        riff.writeUInt32LE(4 + fmt.length + 8 + body.length, 4);
        riff.write("WAVE", 8, "latin1");
        chunks.push({ data: Buffer.concat([riff, fmt, head, body]), name: `part-${chunks.length + 1}.wav`, start: from / byteRate, end: (from + body.length) / byteRate });
      }
      return chunks;
    }
    at += 8 + size + (size & 1);
  }
  return null;
}

/**
 * The recording as pieces of at most `maxSeconds` and `maxBytes`, in order. A format that cannot be cut
 * comes back whole, or raises AudioTooLarge (with the reason in Chinese) when it is too big to send.
 */
export function splitAudio(buf: Buffer, name: string, { maxSeconds = CHUNK_SECONDS, maxBytes = CHUNK_BYTES }: SplitOptions = {}): AudioChunk[] {
  const wav = splitWav(buf, maxSeconds, maxBytes);
  if (wav?.length) return wav;
  const head = id3Size(buf);
  if (adtsFrameAt(buf, head)) {
    const frames = framesOf(buf, adtsFrameAt);
    if (frames.length) return groupFrames(buf, frames, "aac", maxSeconds, maxBytes);
  }
  const mpeg = framesOf(buf, mpegFrameAt);
  // A real MP3 is almost all frames; a handful of stray matches inside another container is not one.
  const covered = mpeg.reduce((sum, f) => sum + f.length, 0);
  if (mpeg.length && covered >= (buf.length - head) * 0.9) return groupFrames(buf, mpeg, "mp3", maxSeconds, maxBytes);
  if (buf.length > WHOLE_FILE_MAX_BYTES) {
    const mb = (buf.length / 1024 / 1024).toFixed(0);
    throw new AudioTooLarge(`音视频文件有 ${mb} MB，这种格式无法分段转写；请提供 MP3、AAC 或 WAV 音频，或 25 MB 以内的文件`);
  }
  return [{ data: buf, name, start: 0, end: null }];
}
