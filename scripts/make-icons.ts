// The installable app's icons (issue 45), drawn from app/icon.svg's book and written to public/icons/ (committed:
// nothing is drawn at build or run time). Run again after changing the mark: `npx tsx scripts/make-icons.ts`.
//   icon-{192,512}.png        "any": the rounded tile, as the tab icon
//   maskable-{192,512}.png    "maskable": full-bleed blue, the book inside the central 80 % safe zone
//   app/apple-icon.png        180 px, full-bleed (iOS rounds it itself; Next.js links it as apple-touch-icon)
//   shortcut-{search,favorites,digest}.png   96 px glyphs for the manifest's shortcuts
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";

const out = resolve(import.meta.dirname, "..", "public", "icons");
const BLUE = "#1d6ce0";
const BOOK =
  '<path d="M6 9.5c3.2-1 6.6-.8 10 1.2v13.3c-3.4-2-6.8-2.2-10-1.2zM26 9.5c-3.2-1-6.6-.8-10 1.2v13.3c3.4-2 6.8-2.2 10-1.2z" fill="#fff"/><path d="M16 10.7v13.3" stroke="#1d6ce0" stroke-width="1.2"/>';

const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`);
const tile = svg(`<rect width="32" height="32" rx="7" fill="${BLUE}"/>${BOOK}`);
// The safe zone of a maskable icon is a circle of 80 % of its size: the book is drawn at 70 % around the centre.
const fullBleed = svg(`<rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16.6) scale(.78) translate(-16 -16.6)">${BOOK}</g>`);
const glyph = (path: string) =>
  svg(`<rect width="32" height="32" rx="7" fill="${BLUE}"/><g fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${path}</g>`);
const shortcuts = {
  search: glyph('<circle cx="14.5" cy="14.5" r="6.5"/><path d="M19.5 19.5 25 25"/>'),
  favorites: glyph('<path d="M10 7h12v18l-6-4.5-6 4.5z"/>'),
  digest: glyph('<path d="M16 6.5l2.4 6.1 6.1 2.4-6.1 2.4L16 23.5l-2.4-6.1-6.1-2.4 6.1-2.4z"/>'),
};

mkdirSync(out, { recursive: true });
const png = (image: Buffer, size: number, name: string) => sharp(image, { density: 1200 }).resize(size, size).png({ compressionLevel: 9 }).toFile(join(out, name));
await Promise.all([
  png(tile, 192, "icon-192.png"),
  png(tile, 512, "icon-512.png"),
  png(fullBleed, 192, "maskable-192.png"),
  png(fullBleed, 512, "maskable-512.png"),
  png(fullBleed, 180, join("..", "..", "app", "apple-icon.png")),
  ...Object.entries(shortcuts).map(([name, image]) => png(image, 96, `shortcut-${name}.png`)),
]);
console.log(`icons written to ${out}`);
