// A digest's shape, whoever wrote it: at most SECTIONS.max sections of at most POINTS.max points, every
// point citing at least one article it was allowed to cite, MAX_CHARS characters in all. What a model
// answers is held to it here (checkCitations): an invented or out-of-window citation is removed, a point left
// without one is dropped, a section left without points is dropped.
import type { DigestSection } from "@/lib/db/schema";
import { MAX_CHARS, POINT_CHARS, POINTS, SECTIONS } from "./constants";

/** A shortened point keeps at least this many characters before its …. */
export const POINT_CHARS_MIN = 20;
const HEADING_CHARS = 16;

/** Characters as a reader counts them (a Chinese character is one). */
export const charCount = (s: string) => [...s].length;

/** Characters of the digest: headings and points. */
export const digestChars = (sections: DigestSection[]) =>
  sections.reduce((n, s) => n + charCount(s.title) + s.points.reduce((m, p) => m + charCount(p.text), 0), 0);

/** Within MAX_CHARS: the last points go first (a section left with none goes too). */
export function fitLength(sections: DigestSection[]): DigestSection[] {
  const out = sections.slice(0, SECTIONS.max).map((s) => ({ ...s, points: s.points.slice(0, POINTS.max) }));
  while (out.length && digestChars(out) > MAX_CHARS) {
    const last = out[out.length - 1];
    last.points.pop();
    if (!last.points.length) out.pop();
  }
  return out;
}

const cut = (s: string, max: number) => (charCount(s) > max ? `${[...s].slice(0, max - 1).join("")}…` : s);

/**
 * A model's sections held to the digest's shape: only `allowed` articles cited (each once per point), no point
 * without a citation, no empty section; headings and points trimmed of markup and cut to length.
 */
export function checkCitations(sections: DigestSection[], allowed: ReadonlySet<number>): DigestSection[] {
  const out: DigestSection[] = [];
  for (const s of sections) {
    const points = s.points
      .map((p) => ({ text: cut(plain(p.text), POINT_CHARS), article_ids: [...new Set(p.article_ids)].filter((id) => allowed.has(id)) }))
      .filter((p) => p.article_ids.length && p.text);
    const title = cut(plain(s.title), HEADING_CHARS);
    if (points.length && title) out.push({ title, points });
  }
  return fitLength(out);
}

/** Text without markdown marks, citation brackets the model wrote inline ([12]) or line breaks. */
function plain(text: string): string {
  return text
    .replace(/\[(?:\d+(?:\s*[,，、]\s*)?)+\]/g, "")
    .replace(/[*_`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
