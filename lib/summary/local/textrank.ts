// TextRank (Mihalcea & Tarau 2004) over sentences and over words, on jieba tokens.
import { segmentWords } from "@/lib/search/text";
import { STOPWORDS } from "./stopwords";

export const DAMPING = 0.85;
export const MAX_ITERATIONS = 30;
const TOLERANCE = 1e-6;
/** A sentence is compared with at most this many others (the ones sharing the most words). */
export const MAX_NEIGHBOURS = 200;
/** Of a word's sentences, only this many nearest a sentence are looked at (very common words). */
const POSTING_WINDOW = 100;
export const KEYWORD_WINDOW = 5;

/** Topic words of a sentence in order: jieba words, no stopwords, no single characters, no bare numbers. */
export function contentWords(text: string): string[] {
  return segmentWords(text).filter((w) => [...w].length > 1 && !STOPWORDS.has(w) && !/^[\d.,%]+$/.test(w));
}

function lowerBound(list: number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Edge = { to: number; weight: number };

function pageRank(adjacency: Edge[][]): number[] {
  const n = adjacency.length;
  const outWeight = adjacency.map((edges) => edges.reduce((sum, e) => sum + e.weight, 0));
  let scores = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = new Array<number>(n).fill(1 - DAMPING);
    for (let j = 0; j < n; j++) {
      if (!outWeight[j]) continue;
      const share = (DAMPING * scores[j]) / outWeight[j];
      for (const { to, weight } of adjacency[j]) next[to] += share * weight;
    }
    let delta = 0;
    for (let i = 0; i < n; i++) delta = Math.max(delta, Math.abs(next[i] - scores[i]));
    scores = next;
    if (delta < TOLERANCE) break;
  }
  return scores;
}

/**
 * Sentence scores. Similarity = shared words / (log|Si| + log|Sj|) (sizes + 1, so one-word sentences
 * do not divide by zero). Candidates come from an inverted index, so cost grows with shared words,
 * not with n²; each sentence keeps its MAX_NEIGHBOURS most similar others.
 */
export function rankSentences(tokens: string[][]): number[] {
  const sets = tokens.map((t) => [...new Set(t)]);
  const postings = new Map<string, number[]>();
  sets.forEach((words, i) => {
    for (const w of words) {
      const list = postings.get(w);
      if (list) list.push(i);
      else postings.set(w, [i]);
    }
  });
  const overlap = new Map<number, number>();
  const adjacency: Edge[][] = sets.map((words, i) => {
    overlap.clear();
    for (const w of words) {
      const list = postings.get(w)!;
      let from = 0;
      let to = list.length;
      if (list.length > 2 * POSTING_WINDOW) {
        const at = lowerBound(list, i);
        from = Math.max(0, at - POSTING_WINDOW);
        to = Math.min(list.length, at + POSTING_WINDOW + 1);
      }
      for (let k = from; k < to; k++) {
        const j = list[k];
        if (j !== i) overlap.set(j, (overlap.get(j) ?? 0) + 1);
      }
    }
    const edges: Edge[] = [];
    for (const [j, shared] of overlap) {
      edges.push({ to: j, weight: shared / (Math.log(words.length + 1) + Math.log(sets[j].length + 1)) });
    }
    edges.sort((a, b) => b.weight - a.weight || a.to - b.to);
    return edges.slice(0, MAX_NEIGHBOURS);
  });
  return pageRank(adjacency);
}

/** Word scores by TextRank over co-occurrence within KEYWORD_WINDOW words of the same sentence. */
export function rankWords(tokens: string[][]): Map<string, number> {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const id = (w: string) => {
    let value = ids.get(w);
    if (value === undefined) {
      value = words.length;
      ids.set(w, value);
      words.push(w);
    }
    return value;
  };
  const weights: Map<number, number>[] = [];
  for (const sentence of tokens) {
    const seq = sentence.map(id);
    while (weights.length < words.length) weights.push(new Map());
    for (let p = 0; p < seq.length; p++) {
      for (let q = p + 1; q < Math.min(seq.length, p + KEYWORD_WINDOW); q++) {
        const a = seq[p];
        const b = seq[q];
        if (a === b) continue;
        weights[a].set(b, (weights[a].get(b) ?? 0) + 1);
        weights[b].set(a, (weights[b].get(a) ?? 0) + 1);
      }
    }
  }
  while (weights.length < words.length) weights.push(new Map());
  const adjacency = weights.map((m) => [...m].map(([to, weight]) => ({ to, weight })));
  const scores = pageRank(adjacency);
  return new Map(words.map((w, i) => [w, scores[i]]));
}

/**
 * The top `limit` keywords, best first. A word inside a better one (智能 in 人工智能) is skipped; a
 * longer word containing an earlier pick replaces it.
 */
export function topKeywords(scores: Map<string, number>, limit: number, frequency?: Map<string, number>): string[] {
  const ranked = [...scores]
    .map(([word, score]) => ({ word, score: score * (frequency && (frequency.get(word) ?? 0) < 2 ? 0.5 : 1) }))
    .sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const picked: string[] = [];
  for (const { word } of ranked) {
    if (picked.length >= limit) break;
    if (picked.some((p) => p.includes(word))) continue;
    const inner = picked.findIndex((p) => word.includes(p));
    if (inner >= 0) {
      picked[inner] = word;
      // the longer word may also contain later picks
      for (let k = picked.length - 1; k > inner; k--) if (word.includes(picked[k])) picked.splice(k, 1);
    } else picked.push(word);
  }
  return picked;
}
