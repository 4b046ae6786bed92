// GBK bytes for tests. Node decodes GBK but has no encoder, so the table is built backwards from the
// decoder: every two-byte sequence decoded once, each character mapped to the first bytes that give it.
let table: Map<string, [number, number]> | undefined;

function gbkTable(): Map<string, [number, number]> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder("gbk");
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (char !== "\ufffd" && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  return table;
}

/** `text` encoded as GBK; throws on a character GBK cannot hold, so a fixture never silently changes. */
export function encodeGbk(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      bytes.push(code);
      continue;
    }
    const pair = gbkTable().get(char);
    if (!pair) throw new Error(`GBK has no code for ${JSON.stringify(char)}`);
    bytes.push(...pair);
  }
  return Buffer.from(bytes);
}
