// make-icons.mjs — generates the platform icons and the default avatar.
//
// Writes public/assets/platform_ico/{key}.ico (one per platform below) and
// public/assets/default-avatar.svg. Each .ico holds a 16×16 and a 32×32 image,
// both PNG-encoded: a rounded square in the platform's brand-like colour with
// a short white label drawn in a built-in 5×7 bitmap font.
//
// No dependencies (only node:fs, node:path, node:zlib); output is deterministic.
// Run from the repository root:   node scripts/make-icons.mjs

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ICO_DIR = join(ROOT, "public/assets/platform_ico");
const AVATAR = join(ROOT, "public/assets/default-avatar.svg");

const PLATFORMS = {
  wechat: ["#07C160", "W"],
  zhihu: ["#0066FF", "Z"],
  juejin: ["#1E80FF", "J"],
  bilibili: ["#FB7299", "B"],
  xiaohongshu: ["#FF2442", "X"],
  weibo: ["#E6162D", "WB"],
  sspai: ["#D71A1B", "S"],
  "36kr": ["#0278FF", "36"],
  douban: ["#2E963D", "D"],
  csdn: ["#FC5531", "C"],
  cnblogs: ["#2A6CB0", "CN"],
  infoq: ["#0A4A9B", "IQ"],
  github: ["#24292F", "GH"],
  youtube: ["#FF0000", "YT"],
  medium: ["#000000", "M"],
  default: ["#8A94A6", "•"],
};

// 5×7 bitmap font: seven rows per glyph, "#" = lit pixel. Only the glyphs used above.
const FONT = {
  B: ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
  C: [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
  D: ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
  G: [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"],
  H: ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  I: [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
  J: ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  N: ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
  Q: [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
  S: [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
  T: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
  W: ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
  X: ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
  Y: ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
  Z: ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
  3: ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
  6: ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
  "•": [".....", ".....", ".###.", ".###.", ".###.", ".....", "....."],
};

// --- PNG encoding -----------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

// rgba: Uint8Array of size*size*4, row-major.
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth; then colour type 6 = RGBA; compression, filter, interlace 0
  ihdr[9] = 6;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter type: None
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, row + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// --- ICO container ----------------------------------------------------------

function encodeIco(images) {
  // images: [{ size, png }]
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    header[e] = header[e + 1] = size; // width, height (colour count and reserved stay 0)
    header.writeUInt16LE(1, e + 4); // planes
    header.writeUInt16LE(32, e + 6); // bit count
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((img) => img.png)]);
}

// --- Drawing ----------------------------------------------------------------

// Fraction of pixel (px, py) inside a rounded square of side `size`, via 4×4 supersampling.
function coverage(px, py, size, radius) {
  let hits = 0;
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const x = px + (sx + 0.5) / 4;
      const y = py + (sy + 0.5) / 4;
      const dx = x - Math.min(Math.max(x, radius), size - radius);
      const dy = y - Math.min(Math.max(y, radius), size - radius);
      if (dx * dx + dy * dy <= radius * radius) hits++;
    }
  }
  return hits / 16;
}

function drawIcon(size, hex, label) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const rgba = new Uint8Array(size * size * 4);
  const radius = size * 0.22;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      rgba.set([r, g, b, Math.round(coverage(x, y, size, radius) * 255)], i);
    }
  }

  const chars = [...label];
  const scale = size === 32 ? (chars.length === 1 ? 3 : 2) : chars.length === 1 ? 2 : 1;
  const gap = chars.length > 1 ? scale : 0;
  const textW = chars.length * 5 * scale + (chars.length - 1) * gap;
  const textH = 7 * scale;
  const left = Math.floor((size - textW) / 2);
  const top = Math.floor((size - textH) / 2);
  chars.forEach((ch, n) => {
    const glyph = FONT[ch];
    if (!glyph) throw new Error(`No glyph for ${JSON.stringify(ch)}`);
    const gx = left + n * (5 * scale + gap);
    glyph.forEach((row, gy) => {
      [...row].forEach((cell, cx) => {
        if (cell !== "#") return;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const i = ((top + gy * scale + dy) * size + gx + cx * scale + dx) * 4;
            rgba.set([255, 255, 255], i); // keep the background's alpha
          }
        }
      });
    });
  });
  return rgba;
}

// --- Default avatar ---------------------------------------------------------

const AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <defs><clipPath id="c"><circle cx="64" cy="64" r="64"/></clipPath></defs>
  <circle cx="64" cy="64" r="64" fill="#E5E7EB"/>
  <g clip-path="url(#c)" fill="#9CA3AF">
    <circle cx="64" cy="50" r="22"/>
    <path d="M20 128 C20 98 40 82 64 82 C88 82 108 98 108 128 Z"/>
  </g>
</svg>
`;

// --- Main -------------------------------------------------------------------

mkdirSync(ICO_DIR, { recursive: true });
for (const [key, [hex, label]] of Object.entries(PLATFORMS)) {
  const images = [16, 32].map((size) => ({ size, png: encodePng(size, drawIcon(size, hex, label)) }));
  writeFileSync(join(ICO_DIR, `${key}.ico`), encodeIco(images));
  console.log(`wrote public/assets/platform_ico/${key}.ico`);
}
mkdirSync(dirname(AVATAR), { recursive: true });
writeFileSync(AVATAR, AVATAR_SVG);
console.log("wrote public/assets/default-avatar.svg");
