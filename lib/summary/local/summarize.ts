// The local summarizer (no AI key): extractive, TextRank over jieba tokens, in the four method shapes.
// Every sentence in the output is copied from the source; headings are the source's own headings,
// its keywords or scene labels.
import type { Cue } from "@/lib/summary/extract/subtitles";
import { formatTimestamp } from "@/lib/summary/extract/subtitles";
import { atomicSpans, readerText } from "./sentence-split";
import { evenParts, joinSentences, parseText, type ParsedText, type Sentence } from "./text";
import { contentWords, rankSentences, rankWords, topKeywords } from "./textrank";

export type SummaryMethod = "quick" | "detailed" | "knowledge" | "storyboard";

export type LocalSummaryInput = {
  title: string;
  text: string;
  method: SummaryMethod;
  /** Subtitle cues, when the source is a video or audio transcript (storyboard scenes follow them). */
  cues?: Cue[];
};

export const LOCAL_NOTICE = "> 本摘要由本地抽取式引擎生成（未接入大语言模型），内容均摘自原文。";
const EMPTY_NOTICE = "> 原文没有可供摘要的文字。";
/** Below this, the text is its own summary. */
const MIN_SENTENCES = 3;
const MIN_CHARS = 40;

type Analysis = ParsedText & {
  /** Times are written with hours (a recording past an hour). */
  hours: boolean;
  tokens: string[][];
  scores: number[];
  keywords: string[];
  /** Keyword (lower case) → its spelling in the source. */
  display: (word: string) => string;
};

function analyse(parsed: ParsedText, title: string, source: string): Analysis {
  // Words as a reader sees them: a link's text, never its URL.
  const tokens = parsed.sentences.map((s) => contentWords(readerText(s.text)));
  const raw = rankSentences(tokens);
  const titleWords = new Set(contentWords(title));
  const scores = raw.map((score, i) => {
    const shared = titleWords.size ? tokens[i].filter((w) => titleWords.has(w)).length : 0;
    const length = [...parsed.sentences[i].text].length;
    // Title words count a little; fragments (captions, "是的。") count less.
    return score * (1 + 0.15 * Math.min(3, shared)) * (length < 8 ? 0.5 : 1);
  });
  const frequency = new Map<string, number>();
  for (const list of tokens) for (const w of list) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const keywords = topKeywords(rankWords(tokens), 12, frequency);
  const visible = readerText(source);
  const lower = visible.toLowerCase();
  const display = (word: string) => {
    const at = lower.indexOf(word);
    const spelled = visible.slice(at, at + word.length);
    return at >= 0 && spelled.toLowerCase() === word ? spelled : word;
  };
  const hours = parsed.sentences.some((s) => (s.start ?? 0) >= 3600);
  return { ...parsed, tokens, scores, keywords, display, hours };
}

/** The `count` best sentences among `indices`, in source order, without repeated text. */
function pick(a: Analysis, indices: number[], count: number, exclude: ReadonlySet<number> = new Set()): number[] {
  const seen = new Set([...exclude].map((i) => a.sentences[i].text));
  const chosen: number[] = [];
  const ranked = indices
    .filter((i) => !exclude.has(i))
    .sort((x, y) => a.scores[y] - a.scores[x] || x - y);
  for (const i of ranked) {
    if (chosen.length >= count) break;
    if (seen.has(a.sentences[i].text)) continue;
    seen.add(a.sentences[i].text);
    chosen.push(i);
  }
  return chosen.sort((x, y) => x - y);
}

const all = (a: Analysis) => a.sentences.map((s) => s.index);
const ENDED = /[。！？!?…."”’」』）)]$/;
/** For running prose: sentences that end like one, unless too few of them to choose from. */
function prose(a: Analysis, indices: number[], count: number): number[] {
  const ended = indices.filter((i) => ENDED.test(a.sentences[i].text));
  return ended.length >= Math.min(count, indices.length) ? ended : indices;
}
const texts = (a: Analysis, indices: number[]) => indices.map((i) => a.sentences[i].text);
/** ` [mm:ss]` where sentence `i` starts in a timed transcript (so the result links it to the video there); else nothing. */
function at(a: Analysis, i: number | undefined): string {
  const start = i === undefined ? undefined : a.sentences[i].start;
  return start === undefined ? "" : ` [${formatTimestamp(start, a.hours)}]`;
}
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/** The most distinctive word of a group of sentences (TF × IDF across groups), in source spelling. */
function groupKeywords(a: Analysis, groups: number[][]): (string | null)[] {
  const df = new Map<string, number>();
  const tfs = groups.map((group) => {
    const tf = new Map<string, number>();
    for (const i of group) for (const w of a.tokens[i]) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    return tf;
  });
  const used = new Set<string>();
  return tfs.map((tf) => {
    const ranked = [...tf]
      .map(([w, count]) => ({ w, score: count * Math.log(1 + groups.length / df.get(w)!) * Math.min(4, [...w].length) }))
      .sort((x, y) => y.score - x.score || (x.w < y.w ? -1 : x.w > y.w ? 1 : 0));
    const best = ranked.find((r) => !used.has(r.w)) ?? ranked[0];
    if (!best) return null;
    used.add(best.w);
    return a.display(best.w);
  });
}

/** Sections by the text's own headings, else `min..max` even runs of sentences. */
function sectionGroups(a: Analysis, min: number, max: number, perPart: number): { heading: string | null; sentences: number[] }[] {
  if (a.hasHeadings) {
    const sections = a.sections.map((s) => ({ heading: s.heading, sentences: s.sentences }));
    if (sections.length <= max) return sections;
    return evenParts(sections, max).map((run) => ({ heading: run[0].heading, sentences: run.flatMap((s) => s.sentences) }));
  }
  const parts = clamp(Math.ceil(a.sentences.length / perPart), min, max);
  return evenParts(all(a), parts).map((sentences) => ({ heading: null, sentences }));
}

function withHeadings<T extends { heading: string | null; sentences: number[] }>(a: Analysis, groups: T[]): (T & { label: string })[] {
  const fallback = groupKeywords(a, groups.map((g) => g.sentences));
  return groups.map((g, i) => ({ ...g, label: g.heading ?? fallback[i] ?? `第 ${i + 1} 部分` }));
}

function quick(a: Analysis): string {
  const size = a.sentences.length >= 8 ? 3 : 2;
  const overview = pick(a, prose(a, all(a), size), size);
  const rest = a.sentences.length - overview.length >= 5 ? new Set(overview) : new Set<number>();
  const points = pick(a, all(a), 5, rest);
  return [
    "## 概览",
    joinSentences(texts(a, overview)),
    "## 要点",
    points.map((i) => `- ${a.sentences[i].text}${at(a, i)}`).join("\n"),
  ].join("\n\n");
}

function detailed(a: Analysis): string {
  const groups = withHeadings(a, sectionGroups(a, 3, 6, 6));
  return groups
    .map((g) => {
      const count = clamp(Math.round(g.sentences.length / 3), 2, 4);
      const chosen = pick(a, prose(a, g.sentences, count), count);
      return `### ${g.label}${at(a, chosen[0])}\n\n${joinSentences(texts(a, chosen))}`;
    })
    .join("\n\n");
}

/** The sentence with the first mention of `keyword` outside links, URLs and code in bold. */
function boldFirst(sentence: string, keyword: string): string {
  if (sentence.includes("**")) return sentence;
  const lower = sentence.toLowerCase();
  const spans = atomicSpans(sentence);
  const inside = (at: number) => spans.some(([start, end]) => at < end && at + keyword.length > start);
  let at = lower.indexOf(keyword.toLowerCase());
  while (at >= 0 && inside(at)) at = lower.indexOf(keyword.toLowerCase(), at + 1);
  if (at < 0) return sentence;
  return `${sentence.slice(0, at)}**${sentence.slice(at, at + keyword.length)}**${sentence.slice(at + keyword.length)}`;
}

function knowledge(a: Analysis): string {
  const keywords = a.keywords.map(a.display);
  const used = new Set<number>();
  const points: { index: number; keyword: string | null }[] = [];
  const byScore = all(a).sort((x, y) => a.scores[y] - a.scores[x] || x - y);
  for (const keyword of keywords) {
    if (points.length >= 8) break;
    const lower = keyword.toLowerCase();
    const best = byScore.find((i) => !used.has(i) && a.sentences[i].text.toLowerCase().includes(lower));
    if (best === undefined) continue;
    used.add(best);
    points.push({ index: best, keyword });
  }
  for (const i of pick(a, all(a), Math.max(0, Math.min(6, a.sentences.length) - points.length), used)) {
    points.push({ index: i, keyword: keywords.find((k) => a.sentences[i].text.toLowerCase().includes(k.toLowerCase())) ?? null });
  }
  points.sort((x, y) => x.index - y.index);
  const list = points.map((p, n) => {
    const text = a.sentences[p.index].text;
    return `${n + 1}. ${p.keyword ? boldFirst(text, p.keyword) : text}${at(a, p.index)}`;
  });
  return ["## 关键词", keywords.map((k) => `\`${k}\``).join("、"), "## 知识点", list.join("\n")].join("\n\n");
}

function shots(a: Analysis, sentences: number[], timed: boolean, hours = false): string {
  const count = clamp(Math.ceil(sentences.length / 3), 2, 4);
  return pick(a, sentences, count)
    .map((i, n) => {
      const s: Sentence = a.sentences[i];
      const at = timed && s.start !== undefined ? `（${formatTimestamp(s.start, hours)}）` : "";
      return `- 镜头 ${n + 1}${at}：${s.text}`;
    })
    .join("\n");
}

function storyboard(a: Analysis, timed: boolean): string {
  if (timed) {
    const first = a.sentences[0].start!;
    const last = Math.max(...a.sentences.map((s) => s.end ?? s.start!));
    const duration = Math.max(1, last - first);
    const count = clamp(Math.round(duration / 90), 4, 8);
    const buckets: number[][] = Array.from({ length: count }, () => []);
    for (const s of a.sentences) buckets[Math.min(count - 1, Math.floor(((s.start! - first) / duration) * count))].push(s.index);
    const hours = last >= 3600;
    return buckets
      .filter((b) => b.length > 0)
      .map((b, n) => {
        const from = formatTimestamp(a.sentences[b[0]].start!, hours);
        const to = formatTimestamp(Math.max(...b.map((i) => a.sentences[i].end ?? a.sentences[i].start!)), hours);
        return `### 场景 ${n + 1}（${from}–${to}）\n\n${shots(a, b, true, hours)}`;
      })
      .join("\n\n");
  }
  const groups = withHeadings(a, sectionGroups(a, 4, 8, 5));
  return groups.map((g, n) => `### 场景 ${n + 1}：${g.label}\n\n${shots(a, g.sentences, false)}`).join("\n\n");
}

function fromCues(cues: Cue[]): ParsedText {
  const sentences: Sentence[] = [];
  cues.forEach((cue, n) => {
    const parsed = parseText(cue.text);
    for (const s of parsed.sentences) sentences.push({ ...s, index: sentences.length, section: 0, paragraph: n, start: cue.start, end: cue.end });
  });
  return { sentences, sections: [{ heading: null, sentences: sentences.map((s) => s.index) }], hasHeadings: false };
}

/** Markdown summary of `text` in the shape of `method`, built only from the source's sentences. */
export function summarizeLocally({ title, text, method, cues }: LocalSummaryInput): string {
  // A transcript's sentences keep their times: every method cites them, the storyboard groups scenes by them.
  const withCues = !!cues?.length;
  const timed = withCues && method === "storyboard";
  const source = withCues ? cues!.map((c) => c.text).join("\n") : text;
  const parsed = withCues ? fromCues(cues!) : parseText(source);
  const chars = parsed.sentences.reduce((sum, s) => sum + s.text.length, 0);
  if (!source.trim()) return `${LOCAL_NOTICE}\n>\n${EMPTY_NOTICE}\n`;
  if (parsed.sentences.length < MIN_SENTENCES || chars < MIN_CHARS) return `${LOCAL_NOTICE}\n\n${source.trim()}\n`;

  const a = analyse(parsed, title, source);
  const body =
    method === "quick"
      ? quick(a)
      : method === "detailed"
        ? detailed(a)
        : method === "knowledge"
          ? knowledge(a)
          : storyboard(a, timed && method === "storyboard");
  return `${LOCAL_NOTICE}\n\n${body}\n`;
}
