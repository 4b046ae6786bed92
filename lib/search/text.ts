// Chinese text prepared for Postgres full-text search: NFKC-normalized (full-width → half-width),
// lower-cased, segmented by jieba in search mode, punctuation dropped, words joined by spaces.
// The `simple` text-search configuration then indexes each word as it is.
import { Jieba } from "@node-rs/jieba";
import { dict } from "@node-rs/jieba/dict.js";

let jieba: Jieba | undefined;
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

const WORD = /[\p{L}\p{N}]/u;

export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Words of `text` in search mode (long words also yield their shorter dictionary words). */
export function segmentWords(text: string): string[] {
  const normalized = normalizeText(text);
  if (!normalized.trim()) return [];
  return segmenter()
    .cutForSearch(normalized, true)
    .map((w) => w.trim())
    .filter((w) => w && WORD.test(w));
}

/** Words of `text` (already normalized) in precise mode, each with its part-of-speech tag (n, v, eng, x …). */
export function tagWords(text: string): { word: string; tag: string }[] {
  if (!text.trim()) return [];
  return segmenter()
    .tag(text, true)
    .map(({ word, tag }) => ({ word: word.trim(), tag }))
    .filter((t) => t.word);
}

/** Markdown reduced to its readable words: no URLs, code-fence markers, emphasis or table rules. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n/g, "\n")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[#>*_`|~-]+/g, " ");
}

export function searchTextFor(text: string): string {
  return segmentWords(text).join(" ");
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// A run of CJK characters, or a run of other letters and digits (scripts written with spaces).
const RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+/gu;

/**
 * Overlapping character bigrams of CJK runs and whole words of other scripts, in order, independent of
 * jieba's segmentation: "Rust 所有权" → rust 所有 有权. A keyword's grams found consecutively in a title's
 * grams (tsquery `<->`) is the keyword as a phrase of that title, spaces and punctuation aside.
 */
export function gramTokens(text: string): string[] {
  const out: string[] = [];
  for (const [run] of normalizeText(text).matchAll(RUNS)) {
    const chars = [...run];
    if (chars.length < 2 || !CJK_CHAR.test(chars[0])) {
      out.push(run);
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  }
  return out;
}

export function searchFieldsFor(article: { title: string; content?: string | null; summary?: string | null }) {
  return {
    searchTitle: searchTextFor(article.title),
    searchGrams: gramTokens(article.title).join(" "),
    searchBody: searchTextFor(`${article.summary ?? ""}\n${markdownToPlainText(article.content ?? "")}`),
  };
}
