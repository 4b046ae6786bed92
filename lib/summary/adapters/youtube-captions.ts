// YouTube caption files → timed cues. The watch page lists a video's caption tracks; a track's file comes as
// JSON ("json3": events with start and duration in milliseconds and text segments) when asked with
// `fmt=json3`, else as XML: the classic `<transcript><text start dur>` (seconds) or `srv3`'s
// `<timedtext><body><p t d>` (milliseconds). Pure: no network.
import type { Cue } from "../extract/subtitles";

export type CaptionTrack = { baseUrl: string; languageCode: string; kind?: string; vssId?: string; name?: { simpleText?: string } };

/** The track to read: human captions before automatic ones, Chinese (simplified first) before other languages. */
export function pickTrack(tracks: CaptionTrack[]): CaptionTrack | null {
  const chinese = (t: CaptionTrack) => {
    const code = t.languageCode.toLowerCase();
    if (!code.startsWith("zh")) return 0;
    return /^zh(-(hans|cn|sg))?$/.test(code) ? 2 : 1;
  };
  const score = (t: CaptionTrack) => (t.kind === "asr" ? 0 : 10) + chinese(t);
  return [...tracks].sort((a, b) => score(b) - score(a))[0] ?? null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
/** Caption text as read: tags (`<font>`, `<s>`) dropped, entities decoded (twice-escaped in the classic format), one line. */
const stripTags = (text: string) => text.replace(/<[^>]*>/g, "");
const clean = (raw: string) => decodeEntities(stripTags(decodeEntities(stripTags(raw)))).replace(/\s+/g, " ").trim();

type Json3 = { events?: { tStartMs?: number; dDurationMs?: number; segs?: { utf8?: string }[] }[] };

/** Cues of a caption file in any of the three formats, in time order, empty lines left out. */
export function parseCaptions(body: string): Cue[] {
  const text = body.replace(/^\uFEFF/, "").trim();
  const cues: Cue[] = [];
  if (text.startsWith("{")) {
    for (const e of (JSON.parse(text) as Json3).events ?? []) {
      const line = clean((e.segs ?? []).map((s) => s.utf8 ?? "").join(""));
      if (!line || e.tStartMs === undefined) continue;
      cues.push({ start: e.tStartMs / 1000, end: (e.tStartMs + (e.dDurationMs ?? 0)) / 1000, text: line });
    }
  } else {
    // srv3 paragraphs (milliseconds) or classic texts (seconds).
    for (const m of text.matchAll(/<p\b([^>]*)>([\s\S]*?)<\/p>/g)) {
      const t = Number(/\bt="(\d+)"/.exec(m[1])?.[1]);
      const d = Number(/\bd="(\d+)"/.exec(m[1])?.[1] ?? 0);
      const line = clean(m[2]);
      if (line && Number.isFinite(t)) cues.push({ start: t / 1000, end: (t + d) / 1000, text: line });
    }
    for (const m of text.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
      const start = Number(/\bstart="([\d.]+)"/.exec(m[1])?.[1]);
      const dur = Number(/\bdur="([\d.]+)"/.exec(m[1])?.[1] ?? 0);
      const line = clean(m[2]);
      if (line && Number.isFinite(start)) cues.push({ start, end: start + dur, text: line });
    }
  }
  return cues.sort((a, b) => a.start - b.start);
}
