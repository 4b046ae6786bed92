// Bytes of a fetched page or feed as text, in the encoding they are really in. What the document says
// wins: a byte-order mark, then an XML declaration, then the HTTP charset, then an HTML meta charset. With
// none of these the bytes are sniffed: valid UTF-8 is UTF-8; bytes that read cleanly as Chinese in GB18030
// (a superset of GBK and GB2312: Chinese sites still serve them undeclared) are GB18030; anything else is
// windows-1252, which maps every byte, so a Latin-1 page reads right and nothing ever becomes U+FFFD.
// Shared by the summary pipeline and the feed collector (both fetch through ./fetch).

const HEAD_BYTES = 4096;
const XML_DECLARATION = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/i;
const HTTP_CHARSET = /charset\s*=\s*["']?([\w.:-]+)/i;
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i;

/** At least this share of the non-ASCII characters must be Chinese for bytes to count as GB18030. */
export const GB_MIN_CJK_SHARE = 0.9;
/**
 * At most this share of the Chinese characters may sit between two ASCII letters. Latin-1 text read as
 * GB18030 turns each accented letter and its neighbour into one ideograph inside a word (`Ação` → `A莽o`);
 * Chinese text almost never puts an ideograph between two Latin letters.
 */
export const GB_MAX_EMBEDDED_SHARE = 0.1;

// Han ideographs (with extension A and the compatibility block), CJK punctuation, full-width forms, and
// the general punctuation Chinese text uses (“”‘’…—).
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef\u2010-\u2027\u2030-\u203f]/;
const ASCII_LETTER = /[A-Za-z]/;

export type Encoding = { encoding: string; source: "bom" | "xml" | "http" | "meta" | "utf-8" | "gb18030" | "windows-1252" };

function decoderFor(label: string | undefined): string | null {
  if (!label) return null;
  try {
    const { encoding } = new TextDecoder(label.trim());
    // A declared UTF-16 without a BOM: the declaration was read as ASCII, so the bytes are not UTF-16.
    return encoding.startsWith("utf-16") ? null : encoding;
  } catch {
    return null; // an unknown label is as good as none
  }
}

function bomEncoding(body: Uint8Array): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  return null;
}

function decodes(body: Uint8Array, encoding: string): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    return null;
  }
}

/**
 * Whether `text` (bytes decoded as GB18030) reads as Chinese: nearly all its non-ASCII characters are
 * Chinese characters or punctuation (no private-use or rare symbols, which is what other bytes turn into)
 * and its ideographs are not wedged inside Latin words.
 */
export function readsAsChinese(text: string): boolean {
  let nonAscii = 0;
  let cjk = 0;
  let embedded = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char.charCodeAt(0) < 0x80) continue;
    nonAscii++;
    if (!CJK.test(char)) continue;
    cjk++;
    if (ASCII_LETTER.test(text[i - 1] ?? "") && ASCII_LETTER.test(text[i + 1] ?? "")) embedded++;
  }
  return cjk > 0 && cjk >= nonAscii * GB_MIN_CJK_SHARE && embedded <= cjk * GB_MAX_EMBEDDED_SHARE;
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
  if (decodes(body, "utf-8") !== null) return { encoding: "utf-8", source: "utf-8" };
  const gb = decodes(body, "gb18030");
  if (gb !== null && readsAsChinese(gb)) return { encoding: "gb18030", source: "gb18030" };
  return { encoding: "windows-1252", source: "windows-1252" };
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
