// A reader's question taken apart as a reader would: what it is about, without how it is asked.
// "给猫换了新猫粮一直拉稀怎么办" is about 猫, 猫粮 and 拉稀 (腹泻); "怎么办", "一直", "了" only say it is a question.
//
// jieba tags each word with its part of speech (precise mode, the same dictionary the index uses). Content
// words stay: nouns of every kind, verbs, adjectives of two characters or more, Latin words and numbers with
// two digits or more (220, 2023); function words go (pronouns, adverbs, prepositions, conjunctions, particles,
// measure words), and so do the question and filler words of STOP_WORDS, which jieba tags as verbs or idioms
// (是不是, 怎么办, 有没有, 可以). Single characters are kept only when they are nouns (猫, 茶, 税) — most
// single characters are particles — and two neighbouring kept singles are also joined (猫 粮 → 猫粮), as a
// reader writing 新猫粮 means the word 猫粮. Each word also brings the shorter dictionary words inside it
// (the index's search mode does the same: 防晒霜 → 防晒), and the near forms of lib/search/synonyms.ts
// (睡不着 → 失眠, without their pieces), each marked with the concept it stands for, so a concept found
// twice counts once. A fragment jieba does not know (糖算 in 吃多少糖算多) also gives the nouns inside it.
import { normalizeText, segmentWords, tagWords } from "./text";
import { synonymsOf } from "./synonyms";

export type QuestionTerm = {
  /** A lexeme as the index holds it. */
  text: string;
  /** The question's word this term stands for (itself, a piece of it, or a near form). */
  concept: string;
  /** 1 for the question's own words and their pieces, less for near forms. */
  weight: number;
};

/** How much a near form (synonym) counts against the reader's own word. */
export const SYNONYM_WEIGHT = 0.7;
/** Terms beyond this many (the question's first) are left out: a long question is still one question. */
const MAX_CONCEPTS = 12;

/** Part-of-speech tags of content words (jieba's ICTCLAS-style tags; the first letter is the class). */
const CONTENT_TAG = /^(n|v|a|b|i|j|l|s|t|z|eng|x)/;
/** Classes that never carry the topic: pronouns, adverbs, prepositions, conjunctions, particles, measure words, modal particles, onomatopoeia. */
const FUNCTION_TAG = /^(r|d|p|c|u|q|y|e|o|h|k|w|m)/;

/** Question and filler words that jieba tags as content words. */
const STOP_WORDS = new Set(
  `什么 为什么 为啥 怎么 怎样 怎么样 怎么办 如何 哪些 哪个 哪里 哪儿 多少 多久 几个 几天 多长 多大 多远 是否 是不是 有没有 会不会 能不能
  要不要 可不可以 算不算 准不准 不准 好不好 对不对 行不行 真的假的 真的 假的 怎么回事 回事 一下 一个 一些 一点 一点儿 有点 有些 可以 能够 应该 需要 知道
  觉得 认为 感觉 听说 请问 告诉 介绍 推荐 有关 相关 问题 到底 究竟 还是 或者 以及 关于 我们 你们 他们 自己 大家 别人 人家 东西 事情 情况
  时候 时间 现在 最近 之前 以后 之后 然后 后来 已经 还有 还会 还要 还能 总是 一直 经常 老是 常常 平时 每次 每天 一天 整天 有时 有时候 特别 非常
  比较 合适 适合 正常 正确 容易 办法 方法 方式 意思 必要 原因 影响 区别 不同 一样 差别 效果 作用 好处 坏处 用处 开始 出来 起来 回来 下来 进去
  过来 上去 没有 不是 不会 不能 不要 不用 不行 不算 就是 就行 才能 可能 也许 大概 估计 一般 所以 因为 但是 不过 如果 虽然 而且 那么 这么 这样
  那样 这个 那个 这些 那些 这种 那种 的话 之类 有用 好用 管用 靠谱 值得 建议 注意 小心 怎么弄 怎么做 做法 解决 处理 选择 选 区分 能用 会用
  想要 想知道 为何 何时 多么 那里 这里 里面 上面 下面 前面 后面 方面 左右 以上 以下 其实 然而 并且 是的 对的 好的 行吗 好吗 对吗 吗 呢 吧`.split(/\s+/),
);

const DIGITS = /^\d+$/;
const LATIN = /^[a-z][a-z0-9.+#-]*$/;
const HAN = /\p{Script=Han}/u;

type Tagged = { word: string; tag: string };

/** Whether a tagged word of the question says what it is about. */
function isContent({ word, tag }: Tagged): boolean {
  if (STOP_WORDS.has(word) || !/[\p{L}\p{N}]/u.test(word)) return false;
  if (DIGITS.test(word)) return word.length >= 2;
  if (LATIN.test(word)) return word.length >= 2 || tag === "eng";
  const chars = [...word].length;
  if (chars === 1) return tag.startsWith("n");
  if (FUNCTION_TAG.test(tag) && !CONTENT_TAG.test(tag)) return false;
  return tag.startsWith("a") ? chars >= 2 : true;
}

/** A character of an unknown fragment that may be its noun (糖 of 糖算: tagged n or zg, not a verb, adjective or particle). */
const isFragmentNoun = ({ word, tag }: Tagged) => HAN.test(word) && !STOP_WORDS.has(word) && /^(n|z)/.test(tag);

/**
 * The lexemes of `word` the index may hold: itself and, like the index's search mode, the dictionary words
 * inside it (睡不着 → 不着, 睡不着). Single characters among the pieces are dropped (they are not the topic).
 */
function piecesOf(word: string): string[] {
  const pieces = segmentWords(word).filter((p) => [...p].length > 1 || LATIN.test(p) || DIGITS.test(p));
  return [...new Set([word, ...pieces])];
}

/** The question's topic terms: each content word, its pieces and its near forms, strongest claim first. */
export function questionTerms(question: string): QuestionTerm[] {
  const tagged = tagWords(normalizeText(question));
  const kept: string[] = [];
  for (let i = 0; i < tagged.length; i++) {
    const t = tagged[i];
    if (!isContent(t)) continue;
    kept.push(t.word);
    // A fragment jieba's dictionary does not know (糖算 in 吃多少糖算多) may hold a noun it glued on.
    if (t.tag === "x" && HAN.test(t.word)) for (const c of tagWords([...t.word].join(" "))) if (isFragmentNoun(c)) kept.push(c.word);
    // Two neighbouring single-character nouns are also one word (新猫粮 → 猫 粮 → 猫粮).
    const next = tagged[i + 1];
    if (next && [...t.word].length === 1 && [...next.word].length === 1 && HAN.test(t.word) && isContent(next)) kept.push(t.word + next.word);
  }
  const terms = new Map<string, QuestionTerm>();
  const add = (text: string, concept: string, weight: number) => {
    const clean = text.replace(/['\\:&|!()<>*]/g, "");
    const known = terms.get(clean);
    if (clean && (!known || known.weight < weight)) terms.set(clean, { text: clean, concept, weight });
  };
  for (const word of [...new Set(kept)].slice(0, MAX_CONCEPTS)) {
    for (const piece of piecesOf(word)) add(piece, word, 1);
    for (const near of synonymsOf(word)) add(near, word, SYNONYM_WEIGHT);
  }
  return [...terms.values()];
}
