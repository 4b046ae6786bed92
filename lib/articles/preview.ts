// What a collapsed feed card shows of its body: the first markdown blocks, about as much as fits in the
// collapsed height and a little more. The card renders only this until it is expanded, so the home page
// ships (and the browser styles and hydrates) a few lines per card instead of twenty whole articles;
// the full body is fetched on expansion (lib/articles/full-body.tsx).

/** Characters of markdown after which the preview stops at the end of a block. */
export const PREVIEW_CHARS = 320;
const PREVIEW_BLOCKS = 4;

/** The leading blocks of `markdown` (code fences kept whole), or null when that would be all of it. */
export function bodyPreview(markdown: string): string | null {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let fence: string | null = null;
  let blocks = 0;
  let chars = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === null ? marker : null;
    chars += line.length + 1;
    const blockEnds = fence === null && line.trim() === "" && i > 0 && lines[i - 1].trim() !== "";
    if (blockEnds && ++blocks >= PREVIEW_BLOCKS) return rest(lines, i);
    if (blockEnds && chars >= PREVIEW_CHARS) return rest(lines, i);
  }
  return null;
}

/** Lines before `end`, unless nothing but blank lines follows (then the preview is the whole body). */
function rest(lines: string[], end: number): string | null {
  return lines.slice(end).some((l) => l.trim() !== "") ? lines.slice(0, end).join("\n") : null;
}
