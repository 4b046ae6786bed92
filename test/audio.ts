// Audio files written byte by byte for tests: an ID3v2 tag, MPEG Layer III frames, ADTS AAC frames and
// PCM WAV, each of a chosen length. The payload is silence-like filler; only the framing is real.

/** An ID3v2.3 tag with one title frame. */
export function id3Tag(title: string): Buffer {
  const text = Buffer.concat([Buffer.from([0x03]), Buffer.from(title, "utf8")]);
  const frame = Buffer.alloc(10);
  frame.write("TIT2", 0, "latin1");
  frame.writeUInt32BE(text.length, 4);
  const size = frame.length + text.length;
  const header = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, frame, text]);
}

const MPEG1 = { rates: [44100, 48000, 32000], kbps: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], samples: 1152, version: 3 };
const MPEG2 = { rates: [22050, 24000, 16000], kbps: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160], samples: 576, version: 2 };
const MPEG25 = { rates: [11025, 12000, 8000], kbps: MPEG2.kbps, samples: 576, version: 0 };

/** Constant-bitrate MPEG Layer III frames lasting `seconds`, padding bits set as an encoder would. */
export function mp3Audio({ seconds, kbps, rate }: { seconds: number; kbps: number; rate: number }): Buffer {
  const table = [MPEG1, MPEG2, MPEG25].find((t) => t.rates.includes(rate) && t.kbps.includes(kbps));
  if (!table) throw new Error(`no MPEG Layer III frame at ${kbps} kbps, ${rate} Hz`);
  const frames = Math.round((seconds * rate) / table.samples);
  const exact = ((table.samples / 8) * kbps * 1000) / rate;
  const parts: Buffer[] = [];
  let carried = 0;
  for (let i = 0; i < frames; i++) {
    carried += exact - Math.floor(exact);
    const padding = carried >= 1 ? 1 : 0;
    carried -= padding;
    const frame = Buffer.alloc(Math.floor(exact) + padding, 0x55);
    frame[0] = 0xff;
    frame[1] = 0xe0 | (table.version << 3) | (1 << 1) | 1; // layer III, no CRC
    frame[2] = (table.kbps.indexOf(kbps) << 4) | (table.rates.indexOf(rate) << 2) | (padding << 1);
    frame[3] = 0xc4; // mono
    parts.push(frame);
  }
  return Buffer.concat(parts);
}

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** ADTS AAC frames (1,024 samples each, 200 bytes) lasting `seconds`. */
export function adtsAudio({ seconds, rate }: { seconds: number; rate: number }): Buffer {
  const frames = Math.round((seconds * rate) / 1024);
  const length = 200;
  const frame = Buffer.alloc(length, 0x21);
  frame.set([0xff, 0xf1, (1 << 6) | (ADTS_RATES.indexOf(rate) << 2), 0x40 | ((length >> 11) & 3), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** 16-bit mono PCM WAV lasting `seconds`. */
export function wavAudio({ seconds, rate }: { seconds: number; rate: number }): Buffer {
  const data = Buffer.alloc(seconds * rate * 2, 0);
  const head = Buffer.alloc(44);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(36 + data.length, 4);
  head.write("WAVEfmt ", 8, "latin1");
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write("data", 36, "latin1");
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}
