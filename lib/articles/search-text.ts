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

export function searchFieldsFor(article: { title: string; content?: string | null; summary?: string | null }) {
  return {
    searchTitle: searchTextFor(article.title),
    searchBody: searchTextFor(`${article.summary ?? ""}\n${markdownToPlainText(article.content ?? "")}`),
  };
}
