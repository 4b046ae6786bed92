// The local engine's digest (no model configured, the daily cap reached, or the model failed): honestly
// extractive. Each point is one article's key sentence — the first real sentence of its summary, else the
// sentence of its opening that TextRank ranks first — cited to that article; sections are the interests (a
// reader's) or labels shared by several candidates, then platforms, then 更多值得一读. Same shape and limits as
// the model's (constants.ts).
import { isBoilerplate, readerText, splitSentences } from "@/lib/summary/local/sentence-split";
import { contentWords, rankSentences } from "@/lib/summary/local/textrank";
import type { DigestSection } from "@/lib/db/schema";
import type { Candidate } from "./candidates";
import { fitLength, POINT_CHARS_MIN } from "./shape";
import { POINT_CHARS, POINTS, SECTIONS } from "./constants";

/** At most `max` characters: cut at the last clause end that fits, else marked with …. */
export function clip(text: string, max = POINT_CHARS): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join("");
  const head = chars.slice(0, max - 1).join("");
  const cut = Math.max(head.lastIndexOf("，"), head.lastIndexOf("；"), head.lastIndexOf("、"));
  return cut >= POINT_CHARS_MIN ? `${head.slice(0, cut)}…` : `${head}…`;
}

const usable = (s: string) => [...s].length >= 8 && !isBoilerplate(s);

/** The article's key sentence: the summary's first, else the best of its opening; the title when neither has one. */
export function keySentence(c: Pick<Candidate, "title" | "summary" | "excerpt">): string {
  const summary = splitSentences(readerText(c.summary ?? "")).find(usable);
  if (summary) return clip(summary);
  const sentences = c.excerpt
    .split("\n")
    .filter((line) => line.trim() && !/^\s*(#|>|```|\||!\[)/.test(line))
    .flatMap((line) => splitSentences(readerText(line)))
    .filter(usable);
  if (!sentences.length) return clip(c.title);
  const scores = rankSentences(sentences.map(contentWords));
  const best = scores.reduce((b, s, i) => (s > scores[b] ? i : b), 0);
  return clip(sentences[best]);
}

type Group = { title: string; items: Candidate[] };

/** A label as the titles write it (labels are lower-cased: ai → AI, rust → Rust). */
export function asWritten(label: string, titles: string[]): string {
  if (!/[a-z]/.test(label)) return label;
  for (const title of titles) {
    const at = title.toLowerCase().indexOf(label);
    if (at >= 0) return title.slice(at, at + label.length);
  }
  return label;
}

/** Candidates grouped: interests first (in the reader's order), labels shared by two or more, platforms, the rest. */
function groups(candidates: Candidate[]): Group[] {
  const out: Group[] = [];
  const left = new Set(candidates);
  const take = (title: string, items: Candidate[]) => {
    const fresh = items.filter((c) => left.has(c)).slice(0, POINTS.max);
    if (fresh.length < POINTS.min) return;
    fresh.forEach((c) => left.delete(c));
    out.push({ title, items: fresh });
  };
  for (const interest of [...new Set(candidates.map((c) => c.interest).filter((i): i is string => Boolean(i)))]) {
    take(interest, candidates.filter((c) => c.interest === interest || c.labels.includes(interest)));
  }
  const byLabel = new Map<string, Candidate[]>();
  for (const c of candidates) for (const l of c.labels) byLabel.set(l, [...(byLabel.get(l) ?? []), c]);
  for (const [label, items] of [...byLabel].sort((a, b) => b[1].length - a[1].length)) {
    if (out.length >= SECTIONS.max - 1) break;
    take(label, items);
  }
  const byPlatform = new Map<string, Candidate[]>();
  for (const c of left) if (c.platform) byPlatform.set(c.platform, [...(byPlatform.get(c.platform) ?? []), c]);
  for (const [platform, items] of [...byPlatform].sort((a, b) => b[1].length - a[1].length)) {
    if (out.length >= SECTIONS.max - 1) break;
    take(`${platform}上的热门`, items);
  }
  // What no group took: in groups of POINTS.max, as many as the sections left allow.
  const rest = [...left];
  for (let i = 0; out.length < SECTIONS.max && i < rest.length; i += POINTS.max) {
    const items = rest.slice(i, i + POINTS.max);
    if (items.length >= POINTS.min || (items.length && out.length < SECTIONS.min)) out.push({ title: out.length ? "更多值得一读" : "值得一读", items });
  }
  return out;
}

/** The digest the local engine writes from `candidates` (in the order they should be read). */
export function writeLocally(candidates: Candidate[]): DigestSection[] {
  const sections = groups(candidates).map((g) => ({
    title: asWritten(g.title, g.items.map((c) => c.title)),
    points: g.items.map((c) => ({ text: keySentence(c), article_ids: [c.id] })),
  }));
  return fitLength(sections);
}
