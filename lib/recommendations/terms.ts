import "server-only";
// The labels an article teaches a reader's interest profile, which head the digest's sections, the feed's
// why-line and /profile: the topic words of its title, as a person would name them — nouns, names and terms
// by jieba's part-of-speech tags (precise mode, the dictionary the index uses), plus the pastimes and newer
// words of topic-words.ts it tags otherwise. Verbs, adjectives, pronouns and their compounds, idioms, words of
// one character, words that only say what kind of text it is (FORM_WORDS) and words in more than
// GENERIC_SHARE of all titles never become labels. A label must be a whole word the title index holds, so
// that it finds more articles through that index. The rarer a word across titles (the statistics the search
// keeps, lib/search/statistics.ts), the more it weighs; the rarest few of a title are kept. Without
// statistics (a table never analysed: a small one) every word weighs alike, in title order.
import { GENERIC_SHARE } from "@/lib/search/related";
import type { TermStats } from "@/lib/search/statistics";
import { normalizeText, tagWords } from "@/lib/search/text";
import { createLru } from "@/lib/server/lru";
import { FORM_WORDS, TOPIC_WORDS } from "./topic-words";

/** Labels one article adds at most (its rarest topic words). */
export const TERMS_PER_ARTICLE = 4;
/** What the most common label still weighs against the rarest (1). */
export const COMMON_LABEL_WEIGHT = 0.25;

/** Nouns of every kind, place and organisation names, other proper nouns, verbal nouns, abbreviations, Latin words. */
const TOPIC_TAG = /^(n|nr|nrt|nrfg|ns|nt|nz|nw|vn|j|eng)$/;
/** Two characters or more; a Latin word needs a letter (100, 2024 say nothing about a topic). */
const LONG_ENOUGH = /^(?:(?=[a-z0-9.+#-]*[a-z])[a-z0-9][a-z0-9.+#-]+|[^\x00-\x7f]{2,})$/;

export type Label = { label: string; weight: number };

/** A word that starts with a numeral counts something (一缸, 六大, 两块钱), whatever jieba tagged it. */
const COUNTED = /^[一二三四五六七八九十百千万两几半]/;
/** A doubled verb (试试, 聊聊, 看看) is how something is said. */
const DOUBLED = /^(.)\1$|^(..)\2$/u;

/** Whether a word tagged `tag` names a topic. */
function isTopic(word: string, tag: string): boolean {
  if (!LONG_ENOUGH.test(word) || FORM_WORDS.has(word)) return false;
  if (TOPIC_WORDS.has(word)) return true;
  if (COUNTED.test(word) || DOUBLED.test(word)) return false;
  // jieba tags some four-character idioms as person names (金科玉律/nr); names are shorter.
  if (tag === "nr" && [...word].length >= 4) return false;
  return TOPIC_TAG.test(tag);
}

/** The noun of a name jieba made of a verb and a noun (喝咖啡/nr → 咖啡); null for a real name (乔布斯). */
function nounAfterVerb(word: string): string | null {
  const [first, ...rest] = [...word];
  const noun = rest.join("");
  const head = tagWords(first)[0]?.tag ?? "";
  const tail = tagWords(noun);
  return head.startsWith("v") && tail.length === 1 && isTopic(noun, tail[0].tag) ? noun : null;
}

/**
 * Titles' topic words, kept: a personalised page 1 takes the words of a hundred-odd candidates' titles, and jieba's
 * tagging of them was ~1.5 ms of each signed-in home's CPU at 1M. A title's words depend on nothing else (the
 * dictionaries are fixed); a changed title is another key. About 20,000 titles in a few MB.
 */
const keptTopicWords = createLru<string, readonly string[]>({ maxEntries: 20_000, maxBytes: 8 << 20, sizeOf: (words) => 200 + words.reduce((n, w) => n + 2 * w.length + 40, 0) });

/** A title's topic words in order (shared: not to be changed). */
function topicWords(title: string): readonly string[] {
  let words = keptTopicWords.get(title);
  if (!words) {
    words = wordsOfTopics(title);
    keptTopicWords.set(title, words);
  }
  return words;
}

function wordsOfTopics(title: string): string[] {
  const out: string[] = [];
  for (const { word, tag } of tagWords(normalizeText(title))) {
    const noun = tag === "nr" ? nounAfterVerb(word) : null;
    if (noun) out.push(noun);
    else if (isTopic(word, tag)) out.push(word);
  }
  return out;
}

/**
 * How much a word in `share` of titles weighs: COMMON_LABEL_WEIGHT at GENERIC_SHARE, 1 at `floor` (the least common
 * word the statistics list) and below, between them by the logarithm of the share (its inverse document frequency).
 */
export function rarity(share: number, floor: number): number {
  if (share <= floor || floor >= GENERIC_SHARE) return 1;
  const scaled = COMMON_LABEL_WEIGHT + ((1 - COMMON_LABEL_WEIGHT) * Math.log(GENERIC_SHARE / share)) / Math.log(GENERIC_SHARE / floor);
  return Math.round(Math.min(1, Math.max(COMMON_LABEL_WEIGHT, scaled)) * 1000) / 1000;
}

/** The labels of an article with this title and indexed title text (search_title), rarest first, each with its weight. */
export function interestLabels(stats: TermStats | null, title: string, searchTitle: string): Label[] {
  const indexed = new Set(searchTitle.split(" "));
  const col = stats?.columns.title_vector;
  const seen = new Set<string>();
  const out: Label[] = [];
  for (const word of topicWords(title)) {
    if (seen.has(word) || !indexed.has(word)) continue;
    seen.add(word);
    // A word missing from the statistics' list is in fewer titles than the least common listed one.
    const share = col ? (col.freq.get(word) ?? col.floor / 2) : 0;
    if (share > GENERIC_SHARE) continue;
    out.push({ label: word, weight: col ? rarity(share, col.floor) : 1 });
  }
  // Stable: equal weights keep title order.
  return out.sort((a, b) => b.weight - a.weight).slice(0, TERMS_PER_ARTICLE);
}

/** The labels alone (an article's words the feed matches against a reader's interests). */
export function interestTerms(stats: TermStats | null, title: string, searchTitle: string): string[] {
  return interestLabels(stats, title, searchTitle).map((l) => l.label);
}
