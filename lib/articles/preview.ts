// What a collapsed feed card shows of its body: the first markdown blocks, about as much as fits in the
// collapsed height (four lines: about 180 characters on a desktop column, 85 on a phone) and a little more.
// The card renders only this until it is expanded, so the home page ships (and the browser styles and
// hydrates) a few lines per card instead of twenty whole articles; the full body is fetched on expansion
// (lib/articles/full-body.tsx).

/** Characters of markdown after which the preview stops at the end of a block. */
export const PREVIEW_CHARS = 200;
/** Characters after which it stops at the end of a line even inside a block (a list, a table, a code block). */
export const PREVIEW_MAX_CHARS = 280;
const PREVIEW_BLOCKS = 4;

/** A body's preview and the text it leaves out (line ends as `\n`). */
export type PreviewSplit = { preview: string; rest: string };

/**
 * The leading blocks of `markdown` and what follows them, or null when the preview would be all of it. A
 * block that runs past PREVIEW_MAX_CHARS is cut at a line end: a list or a table keeps its first rows (a
 * table at least its header), a code block its first lines, closed again.
 */
export function splitPreview(markdown: string): PreviewSplit | null {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let fence: string | null = null;
  let blocks = 0;
  let chars = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === null ? marker : null;
    chars += line.length + 1;
    if (line.trim() === "") {
      const blockEnds = fence === null && i > 0 && lines[i - 1].trim() !== "";
      if (blockEnds && (++blocks >= PREVIEW_BLOCKS || chars >= PREVIEW_CHARS)) return split(lines, i, "");
    } else if (chars >= PREVIEW_MAX_CHARS && !isTableHeader(lines, i)) {
      return split(lines, i + 1, fence === null ? "" : `\n${fence}`);
    }
  }
  return null;
}

/** The preview of `markdown` (see splitPreview), or null when it would be all of it. */
export function bodyPreview(markdown: string): string | null {
  return splitPreview(markdown)?.preview ?? null;
}

/** A table's header row: the line before its delimiter row (cutting between them would leave no table). */
const isTableHeader = (lines: string[], i: number) => lines[i].includes("|") && /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(lines[i + 1] ?? "");

/** Lines before `end` (and `close`), unless nothing but blank lines follows (then the preview is the whole body). */
function split(lines: string[], end: number, close: string): PreviewSplit | null {
  const rest = lines.slice(end).join("\n");
  return rest.trim() === "" ? null : { preview: lines.slice(0, end).join("\n") + close, rest };
}
