// Sentence boundaries of one line of markdown. A reader's sentence ends at 。！？… (and ASCII .?! used as
// sentence ends); it never ends inside a markdown link or image, an autolink, a bare URL, inline code or an
// e-mail address (those spans are atomic), nor after an abbreviation (U.S., e.g., Mr., an initial) or a "."
// followed by a lower-case word or a digit. Lines a reader does not read as sentences (only links, calls to
// action, navigation) are left out.

const INLINE_LINK = String.raw`!?\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)`;
const REFERENCE_LINK = String.raw`!?\[(?:[^\[\]\n]|\[[^\[\]\n]*\])+\]\[[^\]\n]*\]`;
const AUTOLINK = String.raw`<(?:https?|ftp|mailto):[^\s<>]+>`;
// A bare URL stops at whitespace, brackets, quotes and any CJK character or punctuation.
const BARE_URL = String.raw`(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>\[\]()"'“”‘’「」『』（）【】《》\p{Script=Han}，。！？、；：]+`;
const INLINE_CODE = "`[^`\\n]+`";
const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const LINKLIKE = new RegExp([INLINE_LINK, REFERENCE_LINK, AUTOLINK, BARE_URL].join("|"), "gu");
const ATOMIC = new RegExp([INLINE_LINK, REFERENCE_LINK, AUTOLINK, BARE_URL, INLINE_CODE, EMAIL].join("|"), "gu");

/** Ranges `[start, end)` of `line` that a sentence boundary never falls in. */
export function atomicSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of line.matchAll(ATOMIC)) {
    let end = m.index + m[0].length;
    // A bare URL does not take the sentence's own punctuation: "see https://a.b/c." ends after c.
    if (/^(?:https?|ftp|www)/i.test(m[0])) while (end > m.index && /[.,;:!?]/.test(line[end - 1])) end--;
    spans.push([m.index, end]);
  }
  return spans;
}

/** `text` as a reader sees it: links and images as their text, bare URLs and markup left out. */
export function readerText(text: string): string {
  return text
    .replace(/!?\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g, "$1")
    .replace(/!?\[((?:[^\[\]\n]|\[[^\[\]\n]*\])+)\]\[[^\]\n]*\]/g, "$1")
    .replace(new RegExp(`${AUTOLINK}|${BARE_URL}`, "gu"), " ")
    .replace(/`([^`\n]+)`/g, "$1")
    .replace(/(\*\*|__|~~)(.+?)\1/g, "$2")
    .replace(/\s+/g, " ")
    .trim();
}

const FULL_WIDTH_END = new Set(["。", "！", "？", "…"]);
const CLOSERS = new Set(["”", "’", '"', "'", "」", "』", "）", ")", "]", "】", "》"]);
// Abbreviations after which "." does not end a sentence even before a capital: titles, months, Latin.
const ABBREVIATIONS = new Set(
  "mr mrs ms dr prof st jr sr mt ft vs etc al cf inc ltd co corp gen gov sen rep rev capt lt col sgt jan feb mar apr jun jul aug sep sept oct nov dec no vol fig approx dept est ed pp".split(" "),
);
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether the "." at `i` (not inside an atomic span) ends a sentence. */
function periodEnds(line: string, i: number): boolean {
  let j = i + 1;
  while (j < line.length && CLOSERS.has(line[j])) j++;
  if (j === line.length) return true;
  if (!/\s/.test(line[j])) return false; // 3.5, v1.2.0, file.txt
  while (j < line.length && /\s/.test(line[j])) j++;
  if (j === line.length) return true;
  if (/[\p{Ll}\p{N}]/u.test(line[j])) return false; // "approx. five", "No. 5"
  const word = /(?:^|[\s(“"'‘])([\p{L}.]+)\.$/u.exec(line.slice(Math.max(0, i - 24), i + 1))?.[1] ?? "";
  if (/^\p{Lu}$/u.test(word)) return false; // an initial: "J. Smith"
  if (/^(?:\p{L}\.)+\p{L}$/u.test(word)) return false; // U.S., e.g., i.e., a.m.
  return !ABBREVIATIONS.has(word.toLowerCase());
}

/** Sentences of one line, cut after 。！？… and sentence-ending .?!, keeping closing quotes; atomic spans whole. */
export function splitSentences(line: string): string[] {
  const atomic = new Uint8Array(line.length);
  for (const [start, end] of atomicSpans(line)) atomic.fill(1, start, end);
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < line.length; i++) {
    if (atomic[i]) continue;
    const ch = line[i];
    const next = line[i + 1];
    const isEnd =
      FULL_WIDTH_END.has(ch) ||
      ((ch === "!" || ch === "?") && (next === undefined || !/[A-Za-z0-9=&_/#%-]/.test(next))) ||
      (ch === "." && periodEnds(line, i));
    if (!isEnd) continue;
    while (i + 1 < line.length && !atomic[i + 1] && (FULL_WIDTH_END.has(line[i + 1]) || "!?.".includes(line[i + 1]) || CLOSERS.has(line[i + 1]))) i++;
    out.push(line.slice(from, i + 1));
    from = i + 1;
  }
  out.push(line.slice(from));
  return out.map((s) => s.trim()).filter((s) => WORD_CHAR.test(s) && !isBoilerplate(s));
}

// Calls to action and navigation words: a sentence made only of these is page furniture.
const FURNITURE = [
  "learn more", "read more", "read the full story", "continue reading", "see more", "view more", "show more", "more",
  "click here", "sign up", "sign in", "log in", "login", "register", "subscribe", "subscribe now", "get started",
  "start free trial", "try it free", "try for free", "free trial", "buy now", "shop now", "order now", "add to cart",
  "download", "download now", "get the app", "contact us", "contact sales", "follow us", "share", "tweet", "email",
  "print", "comments", "reply", "back to top", "skip to content", "skip to main content", "menu", "home", "next",
  "previous", "prev", "watch now", "listen now", "watch", "listen", "advertisement", "sponsored",
  "了解更多", "查看更多", "阅读更多", "阅读原文", "阅读全文", "展开全文", "点击这里", "点击查看", "点此查看", "立即购买",
  "立即下载", "立即注册", "立即登录", "免费试用", "马上体验", "立即体验", "关注我们", "联系我们", "返回顶部", "返回首页",
  "首页", "上一篇", "下一篇", "上一页", "下一页", "分享", "收藏", "点赞", "在看", "评论", "广告", "更多",
];
const FURNITURE_ONLY = new RegExp(
  `^(?:(?:${FURNITURE.sort((a, b) => b.length - a.length).map((p) => p.replace(/ /g, "\\s+")).join("|")})(?:[\\s|·•/>»›→:：,，、-]+|$))+$`,
  "iu",
);

/** A sentence that is only links, or only calls to action and navigation words, is not a sentence. */
export function isBoilerplate(sentence: string): boolean {
  if (!WORD_CHAR.test(sentence.replace(LINKLIKE, " "))) return true;
  const text = readerText(sentence)
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, "")
    .trim();
  return !text || FURNITURE_ONLY.test(text);
}
