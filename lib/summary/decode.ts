// Bytes of a fetched page or feed as text, in the encoding they are really in. The one decoder of remote
// text: the summary pipeline (pages, feeds, subtitles, the site adapters' pages) and the feed collector
// (lib/ingest/poll.ts) both read bodies through decodeBody.
//
// What the document says wins: a byte-order mark, then an XML declaration, then the HTTP charset, then an
// HTML meta charset. A declared GBK or GB2312 is read as GB18030, their superset (Node's own GBK decoder
// knows neither GB18030's four-byte codes nor its later two-byte mappings). With none of these the bytes are
// guessed. (Nearly) valid UTF-8 is UTF-8. Otherwise chardet (ICU's detector in JavaScript) reads a window of
// the body (all of it up to 64 KB) and ranks the encodings; only those that read the window with (almost) no
// invalid sequence count. When it ranks a Chinese, Japanese or Korean encoding first, having counted enough
// of their characters, that encoding wins. With ten double-byte characters or fewer it cannot count, and
// ranks a Latin encoding first: then a double-byte encoding whose text reads as its own script (Han, kana,
// Hangul, not wedged inside Latin words) wins, GB18030 first when the bytes could be GB2312. Otherwise the
// detector's best single-byte encoding; windows-1252 is the last resort: it maps every byte, so nothing
// ever becomes U+FFFD.
import { analyse } from "chardet";

const HEAD_BYTES = 4096;
const XML_DECLARATION = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/i;
const HTTP_CHARSET = /charset\s*=\s*["']?([\w.:-]+)/i;
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i;

/**
 * The detector reads at most this many bytes, starting a little before the first non-ASCII byte: pages whose
 * first 64 KB are inline scripts and styles still show it their text, and a 10 MB feed costs no more than a
 * page (chardet takes ~25 ms for 64 KB, ~250 ms for 800 KB on this machine).
 */
export const DETECT_SAMPLE_BYTES = 64 * 1024;
/** ASCII kept before the first non-ASCII byte, so the detector sees the words around it. */
const SAMPLE_LEAD_BYTES = 1024;
/** ICU's double-byte recognisers answer this confidence (0–100) when they saw ten double-byte characters or fewer. */
const FEW_CHARACTERS = 10;
/**
 * The double-byte encodings tried, in this order, when the detector could not count: GB18030 first when the
 * bytes could be GB2312 (the Chinese site's usual case), else Big5 and Shift_JIS, whose codes leave that area.
 */
const GB_FIRST = ["gb18030", "big5", "shift_jis", "euc-kr", "euc-jp"];
const BIG5_FIRST = ["big5", "shift_jis", "gb18030", "euc-kr", "euc-jp"];
/** At most this share of the non-ASCII characters may be decoding errors (a broken byte in a long page). */
export const MAX_BAD_SHARE = 0.01;
/** At least this share of the non-ASCII characters must be in the script of a double-byte encoding read without counting. */
export const MIN_SCRIPT_SHARE = 0.9;
/**
 * At most this share of them may sit between two ASCII letters. Latin-1 text read as a double-byte encoding
 * turns each accented letter and its neighbour into one ideograph inside a word (`Ação` → `A莽o` in GB18030);
 * Chinese, Japanese and Korean text almost never puts a character of theirs between two Latin letters.
 */
export const MAX_EMBEDDED_SHARE = 0.1;

export type Encoding = { encoding: string; source: "bom" | "xml" | "http" | "meta" | "utf-8" | "detector" | "script" | "fallback" };

// Han ideographs (extension A, the compatibility block, the supplementary planes), CJK punctuation,
// full-width forms, and the general punctuation East Asian text uses (“”‘’…—·).
const HAN = "\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u{20000}-\\u{3134f}";
const CJK_PUNCTUATION = "\\u00b7\\u3000-\\u303f\\uff01-\\uff60\\uffe0-\\uffef\\u2010-\\u2027\\u2030-\\u203f";
const BOPOMOFO = "\\u3100-\\u312f\\u31a0-\\u31bf";
const KANA = "\\u3040-\\u30ff\\u31f0-\\u31ff"; // half-width katakana left out: Latin-1 read as Shift_JIS becomes it
const HANGUL = "\\uac00-\\ud7af\\u1100-\\u11ff\\u3130-\\u318f";
const script = (ranges: string) => new RegExp(`[${ranges}]`, "u");
/** What text in each double-byte encoding is written in. */
const SCRIPTS: Record<string, RegExp> = {
  gb18030: script(HAN + CJK_PUNCTUATION + BOPOMOFO),
  big5: script(HAN + CJK_PUNCTUATION + BOPOMOFO),
  shift_jis: script(HAN + CJK_PUNCTUATION + KANA),
  "euc-jp": script(HAN + CJK_PUNCTUATION + KANA),
  "euc-kr": script(HAN + CJK_PUNCTUATION + HANGUL),
};
const ASCII_LETTER = /[A-Za-z]/;

/** The WHATWG name of the decoder for `label`, GBK and GB2312 as GB18030; null for a label Node cannot decode. */
export function decoderFor(label: string | undefined): string | null {
  if (!label) return null;
  try {
    const { encoding } = new TextDecoder(label.trim());
    // A declared UTF-16 without a BOM: the declaration was read as ASCII, so the bytes are not UTF-16.
    if (encoding.startsWith("utf-16")) return null;
    return encoding === "gbk" ? "gb18030" : encoding;
  } catch {
    return null; // an unknown label (or ISO-2022-KR/CN, which Node does not decode) is as good as none
  }
}

function bomEncoding(body: Uint8Array): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  return null;
}

function isUtf8(body: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** The window the detector reads: all of a short body, else 64 KB from just before the first non-ASCII byte. */
export function detectorSample(body: Uint8Array): Uint8Array {
  if (body.length <= DETECT_SAMPLE_BYTES) return body;
  const firstHigh = body.findIndex((byte) => byte >= 0x80);
  const start = Math.max(0, Math.min(firstHigh < 0 ? 0 : firstHigh - SAMPLE_LEAD_BYTES, body.length - DETECT_SAMPLE_BYTES));
  return body.subarray(start, start + DETECT_SAMPLE_BYTES);
}

/** `sample` decoded as `encoding` (a character cut at the window's end is left out), or null if too much is invalid. */
function readAs(sample: Uint8Array, encoding: string): string | null {
  const text = new TextDecoder(encoding).decode(sample, { stream: true });
  let nonAscii = 0;
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    nonAscii++;
    if (code === 0xfffd) bad++;
  }
  return bad <= Math.floor(nonAscii * MAX_BAD_SHARE) ? text : null;
}

/**
 * Whether `text` (bytes decoded as `encoding`, a double-byte East Asian encoding) reads as its script: nearly
 * all its non-ASCII characters are Han, kana or Hangul as the encoding is written, or East Asian punctuation
 * (no private-use or rare symbols, which is what other bytes turn into), and they are not wedged inside Latin
 * words. False for any other encoding.
 */
export function readsAsScriptOf(text: string, encoding: string): boolean {
  const expected = SCRIPTS[encoding];
  if (!expected) return false;
  const chars = Array.from(text);
  let nonAscii = 0;
  let inScript = 0;
  let embedded = 0;
  for (let i = 0; i < chars.length; i++) {
    if (chars[i].charCodeAt(0) < 0x80) continue;
    nonAscii++;
    if (!expected.test(chars[i])) continue;
    inScript++;
    if (ASCII_LETTER.test(chars[i - 1] ?? "") && ASCII_LETTER.test(chars[i + 1] ?? "")) embedded++;
  }
  return inScript > 0 && inScript >= nonAscii * MIN_SCRIPT_SHARE && embedded <= inScript * MAX_EMBEDDED_SHARE;
}

/** Whether every non-ASCII byte of `sample` pairs with the next inside A1–FE: GB2312's area (and EUC-KR's). */
function inGb2312Area(sample: Uint8Array): boolean {
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] < 0x80) continue;
    const trail = sample[i + 1];
    // the window's last byte may be a lead cut from its trail
    if (sample[i] < 0xa1 || sample[i] > 0xfe || (trail !== undefined && (trail < 0xa1 || trail > 0xfe))) return false;
    i++;
  }
  return true;
}

/** The encoding of undeclared bytes that are not valid UTF-8. */
function guess(body: Uint8Array): Encoding {
  const sample = detectorSample(body);
  const texts = new Map<string, string | null>();
  const read = (encoding: string) => {
    if (!texts.has(encoding)) texts.set(encoding, readAs(sample, encoding));
    return texts.get(encoding)!;
  };
  if (read("utf-8") !== null) return { encoding: "utf-8", source: "utf-8" }; // UTF-8 with a broken byte or two
  const readable: { encoding: string; confidence: number }[] = [];
  for (const match of analyse(sample)) {
    const encoding = decoderFor(match.name);
    if (encoding && !readable.some((c) => c.encoding === encoding) && read(encoding) !== null) readable.push({ encoding, confidence: match.confidence });
  }
  // The detector counted enough double-byte characters to rank them: its best double-byte encodings first.
  const counted = readable.filter((c) => SCRIPTS[c.encoding] && c.confidence > FEW_CHARACTERS).map((c) => c.encoding);
  if (counted.length && counted[0] === readable[0].encoding) return { encoding: counted[0], source: "detector" };
  // Too few to count (a title and little else), or a single-byte encoding ranked first: a double-byte
  // reading in its own script wins over a Latin guess, Chinese first, as this site meets them.
  const order = inGb2312Area(sample) ? GB_FIRST : BIG5_FIRST;
  for (const encoding of [...counted, ...order]) {
    const text = read(encoding);
    if (text !== null && readsAsScriptOf(text, encoding)) return { encoding, source: "script" };
  }
  return readable[0] ? { encoding: readable[0].encoding, source: "detector" } : { encoding: "windows-1252", source: "fallback" };
}

/** The encoding of `body`, and what decided it. `contentType` is the HTTP Content-Type header (or ""). */
export function detectEncoding(body: Uint8Array, contentType = ""): Encoding {
  const bom = bomEncoding(body);
  if (bom) return { encoding: bom, source: "bom" };
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, HEAD_BYTES)).toString("latin1");
  const xml = decoderFor(XML_DECLARATION.exec(head)?.[1]);
  if (xml) return { encoding: xml, source: "xml" };
  const http = decoderFor(HTTP_CHARSET.exec(contentType)?.[1]);
  if (http) return { encoding: http, source: "http" };
  const meta = decoderFor(META_CHARSET.exec(head)?.[1]);
  if (meta) return { encoding: meta, source: "meta" };
  if (isUtf8(body)) return { encoding: "utf-8", source: "utf-8" };
  return guess(body);
}

// Bytes 0x80–0x9F in windows-1252. Node 20's decoder for the label gives ISO-8859-1's control characters
// there instead (the five bytes windows-1252 leaves undefined keep them).
const WINDOWS_1252_HIGH = "€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ";

/** `body` as text in its detected encoding (a BOM is dropped). */
export function decodeBody(body: Uint8Array, contentType = ""): string {
  const { encoding } = detectEncoding(body, contentType);
  const text = new TextDecoder(encoding).decode(body);
  return encoding === "windows-1252" ? text.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]) : text;
}
