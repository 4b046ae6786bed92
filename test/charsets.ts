// The charset fixtures of test/charsets/: for each legacy encoding, an HTML page and an RSS feed that declare
// no charset anywhere, made from their UTF-8 sources by Debian's iconv (test/charsets/make.sh). Shared by the
// decoder's tests, the summary's extraction, the feed reader and the loopback servers that serve them.
import { readFileSync } from "node:fs";

export type CharsetFixture = {
  /** File name prefix in test/charsets/, e.g. `big5`. */
  name: string;
  /** The WHATWG name the decoder should settle on. */
  encoding: string;
  /** What the text is written in. */
  language: string;
};

export const CHARSET_FIXTURES: CharsetFixture[] = [
  { name: "big5", encoding: "big5", language: "traditional Chinese" },
  { name: "shift_jis", encoding: "shift_jis", language: "Japanese" },
  { name: "euc-kr", encoding: "euc-kr", language: "Korean" },
  { name: "gb18030", encoding: "gb18030", language: "simplified Chinese" },
  { name: "windows-1252", encoding: "windows-1252", language: "French and German" },
];

const dir = new URL("./charsets/", import.meta.url);

/** The encoded bytes of `file` (e.g. `big5-page.html`). */
export function charsetBytes(file: string): Buffer {
  if (!/^[\w-]+-(page\.html|feed\.xml)$/.test(file)) throw new Error(`not a charset fixture: ${file}`);
  return readFileSync(new URL(file, dir));
}

/** The UTF-8 source `file` was made from. */
export function charsetSource(file: string): string {
  return readFileSync(new URL(file.replace(/\.(html|xml)$/, ".utf8.$1"), dir), "utf8");
}
