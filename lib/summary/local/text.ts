// Source text → sections, paragraphs and sentences, every sentence an exact slice of a source line.
// Markdown structure is read (headings, fenced code, list and quote markers, `[mm:ss]` cue prefixes)
// but never rewritten into the sentences; links stay whole (sentence-split.ts).
import { splitSentences } from "./sentence-split";

export type Sentence = {
  index: number;
  text: string;
  section: number;
  paragraph: number;
  /** Seconds, for sentences that come from subtitle cues. */
  start?: number;
  end?: number;
};

export type Section = { heading: string | null; sentences: number[] };

export type ParsedText = { sentences: Sentence[]; sections: Section[]; hasHeadings: boolean };

const HEADING = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
// List and quote markers and a `[mm:ss]` cue prefix at the start of a line: not part of a sentence.
const LINE_PREFIX = /^\s*(?:>\s*)*(?:(?:[-*+•]|\d{1,3}[.)、])\s+)?(?:\[\d{1,2}(?::\d{2}){1,2}\]\s*)?/;
// A link reference definition (`[1]: https://…`) is not text.
const LINK_DEFINITION = /^\s{0,3}\[[^\]\n]+\]:\s*\S+/;

export function parseText(source: string): ParsedText {
  const sentences: Sentence[] = [];
  const sections: Section[] = [{ heading: null, sentences: [] }];
  let paragraph = 0;
  let inFence = false;
  let hasHeadings = false;
  for (const rawLine of source.replace(/\r\n?/g, "\n").split("\n")) {
    if (FENCE.test(rawLine)) {
      inFence = !inFence;
      paragraph++;
      continue;
    }
    if (inFence) continue; // code is kept out of summaries
    if (!rawLine.trim()) {
      paragraph++;
      continue;
    }
    if (LINK_DEFINITION.test(rawLine)) continue;
    const heading = rawLine.match(HEADING);
    if (heading) {
      hasHeadings = true;
      paragraph++;
      const current = sections[sections.length - 1];
      if (!current.sentences.length && current.heading === null) current.heading = heading[1];
      else sections.push({ heading: heading[1], sentences: [] });
      continue;
    }
    const line = rawLine.replace(LINE_PREFIX, "");
    for (const text of splitSentences(line)) {
      const index = sentences.length;
      sentences.push({ index, text, section: sections.length - 1, paragraph });
      sections[sections.length - 1].sentences.push(index);
    }
  }
  return { sentences, sections: sections.filter((s) => s.sentences.length > 0), hasHeadings };
}

/** Joins sentences: Chinese runs on directly, Latin text gets a space. */
export function joinSentences(texts: string[]): string {
  let out = "";
  for (const text of texts) {
    // Latin text, or a fragment without an end mark (a date, a list item), gets a space.
    if (out && (/[A-Za-z0-9.,;:!?)"']$/.test(out) || !/[。！？…”’」』）]$/.test(out))) out += " ";
    out += text;
  }
  return out;
}

/** `n` items cut into `parts` runs of near-equal length, in order. */
export function evenParts<T>(items: T[], parts: number): T[][] {
  const k = Math.max(1, Math.min(parts, items.length));
  const out: T[][] = [];
  for (let p = 0; p < k; p++) out.push(items.slice(Math.floor((p * items.length) / k), Math.floor(((p + 1) * items.length) / k)));
  return out.filter((part) => part.length > 0);
}
