// Synthetic Chinese articles for benchmarks (`npm run seed -- --synthetic N`): realistic lengths and
// vocabulary, deterministic for a given seed, and cheap to make — the search text is assembled from the
// word bank's own segmentation instead of running jieba over every generated body. `drawSynthetic` gives an
// article as the pieces it is made of, for the COPY writer that copies their bytes (copy-synthetic.ts);
// `syntheticArticle` joins them into the row's strings.
import { PLATFORMS } from "@/lib/articles/platforms";
import { gramTokens, segmentWords } from "@/lib/search/text";
import type { NewArticle } from "@/lib/db/schema";

/** The eight topics of the synthetic corpus, each with the words its titles and bodies are built from. */
export const TOPICS: Record<string, string[]> = {
  ai: ["大模型", "提示词", "向量数据库", "检索增强", "智能体", "推理能力", "训练数据", "开源模型", "多模态", "幻觉问题"],
  code: ["TypeScript", "数据库索引", "前端性能", "代码评审", "单元测试", "微服务", "缓存策略", "Rust", "并发模型", "日志系统"],
  product: ["用户调研", "增长曲线", "留存率", "定价策略", "需求优先级", "设计系统", "用户体验", "产品路线图", "竞品分析", "转化漏斗"],
  money: ["指数基金", "定投计划", "家庭预算", "房贷利率", "应急储蓄", "资产配置", "消费趋势", "新能源汽车", "现金流", "复利效应"],
  science: ["黑洞", "引力波", "詹姆斯韦布望远镜", "基因编辑", "气候变化", "量子计算", "火星探测", "深海生物", "材料科学", "免疫系统"],
  health: ["睡眠质量", "跑步配速", "心率区间", "膳食纤维", "久坐危害", "颈椎健康", "视疲劳", "压力管理", "力量训练", "饮水习惯"],
  travel: ["城市漫步", "自驾路线", "博物馆", "古城", "高铁旅行", "民宿", "徒步路线", "海岛", "美食街", "旅行预算"],
  culture: ["长篇小说", "纪录片", "古典诗词", "茶文化", "家常菜", "播客节目", "胶片摄影", "极简生活", "独立书店", "传统手艺"],
};

const OPENERS = ["最近", "过去一年", "这段时间", "上个月", "说实话，", "很多人问我，", "复盘下来，", "一开始", "坦白讲，", "从结果看，"];
const SUBJECTS = ["我们团队", "我自己", "身边的朋友", "不少读者", "新手", "有经验的人", "这个项目", "我们的用户", "几位同事", "很多公司"];
const VERBS = ["重新理解了", "认真研究了", "系统梳理了", "反复尝试了", "对比测试了", "记录并分析了", "踩坑后总结了", "花时间整理了", "持续观察了", "亲身体验了"];
const TAILS = [
  "其中最大的收获是先把问题定义清楚",
  "结论和一开始的直觉并不一样",
  "真正起作用的往往是最朴素的那几条",
  "数据比感觉更可靠",
  "细节决定了最后的效果",
  "关键在于长期坚持而不是一时的热情",
  "很多常见说法其实经不起推敲",
  "成本和收益需要放在一起看",
  "最难的部分是保持简单",
  "值得每个人花十分钟了解一下",
];
const LINKS = ["另外", "与此同时", "更重要的是", "换个角度看", "举个例子", "需要注意的是", "换句话说", "总的来说"];
const TITLE_TEMPLATES = [
  (a: string, b: string) => `${a}实战：从零到一的${b}经验`,
  (a: string) => `关于${a}，我踩过的五个坑`,
  (a: string, b: string) => `${a}与${b}：一次认真的对比`,
  (a: string) => `为什么说${a}比你想的更重要`,
  (a: string, b: string) => `一文读懂${a}：${b}篇`,
  (a: string, b: string) => `${a}入门指南，附${b}清单`,
  (a: string) => `我用三个月研究${a}，得到这些结论`,
  (a: string, b: string) => `聊聊${a}背后的${b}`,
];
const AUTHORS = ["林间小路", "阿青", "周末读书会", "老张说技术", "南山", "一只猫", "陈同学", "夏天的风", "数据小熊", "李慢慢", "北方的树", "程序员小王"];

/** Every synthetic article's source URL starts with this, then `{seed}/{index}`. */
export const SYNTHETIC_URL_PREFIX = "https://synthetic.shiyue.invalid/";

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A piece of text and its words (jieba's segmentation of the piece alone), joined by spaces; both also as UTF-8
 * bytes, for writers that copy them. `id` numbers the pieces (per process).
 */
export type Piece = { id: number; text: string; words: string; textBytes: Buffer; wordBytes: Buffer };
const pieces = new Map<string, Piece>();
/** Every piece made, by id. */
const allPieces: Piece[] = [];
function makePiece(text: string, words: string): Piece {
  const p = { id: allPieces.length, text, words, textBytes: Buffer.from(text), wordBytes: Buffer.from(words) };
  allPieces.push(p);
  return p;
}
function piece(text: string): Piece {
  let p = pieces.get(text);
  if (!p) pieces.set(text, (p = makePiece(text, segmentWords(text).join(" "))));
  return p;
}
const pieceList = (texts: string[]) => texts.map(piece);
/** Pieces that always follow one another in a body, as one: their texts joined, their words joined by a space. */
const joined = (...parts: Piece[]) => makePiece(parts.map((p) => p.text).join(""), parts.map((p) => p.words).filter(Boolean).join(" "));

// Every piece a body can hold, segmented once: generating a million articles then costs string
// concatenation, not jieba (the pieces are few, so the cache stays small).
const TOPIC_KEYS = Object.keys(TOPICS);
const TOPIC_PIECES = TOPIC_KEYS.map((k) => ({
  words: TOPICS[k],
  word: pieceList(TOPICS[k]),
  especially: pieceList(TOPICS[k].map((w) => `，尤其是${w}这一块`)),
}));
const OPENER_PIECES = pieceList(OPENERS);
const LINK_PIECES = pieceList(LINKS.map((l) => `${l}，`));
const SUBJECT_PIECES = pieceList(SUBJECTS);
const VERB_PIECES = pieceList(VERBS);
const TAIL_PIECES = pieceList(TAILS);
const COMMA = piece("，");
const STOP = piece("。");
/** Between two paragraphs of the content (no words). */
export const PARAGRAPH_BREAK = piece("\n\n");
// A sentence is an opener or a link, a subject, a verb, a topic word, a comma, a tail, perhaps an
// "especially", a full stop. Its parts that always come together are kept joined (fewer, longer pieces
// per body for the writers to copy): subject + verb, topic word + comma + tail, especially + stop.
const SUBJECT_VERB = SUBJECT_PIECES.map((s) => VERB_PIECES.map((v) => joined(s, v)));
const TOPIC_SENTENCE_ENDS = TOPIC_PIECES.map((t) => ({
  wordTail: t.word.map((w) => TAIL_PIECES.map((tail) => joined(w, COMMA, tail))),
  especiallyStop: t.especially.map((e) => joined(e, STOP)),
}));

/** A title and its search fields, made once per title: templates × topic words make a few thousand titles. */
export type SyntheticTitle = { id: number; title: string; searchTitle: string; searchGrams: string };
const titles: SyntheticTitle[] = [];
const titleByKey = new Map<number, SyntheticTitle>();
function titleOf(topic: number, a: number, b: number, template: number): SyntheticTitle {
  const key = ((topic * 64 + a) * 64 + b) * 64 + template;
  let t = titleByKey.get(key);
  if (!t) {
    const words = TOPIC_PIECES[topic].words;
    const title = TITLE_TEMPLATES[template](words[a], words[b]);
    t = { id: titles.length, title, searchTitle: segmentWords(title).join(" "), searchGrams: gramTokens(title).join(" ") };
    titles.push(t);
    titleByKey.set(key, t);
  }
  return t;
}

/** Every piece a body can hold and every title an article can have: what the search text is made of. */
export function syntheticVocabulary(): { pieces: Piece[]; titles: SyntheticTitle[] } {
  TOPIC_PIECES.forEach((topic, t) =>
    topic.words.forEach((_, a) => topic.words.forEach((_, b) => TITLE_TEMPLATES.forEach((_, template) => titleOf(t, a, b, template)))),
  );
  return { pieces: [...allPieces], titles: [...titles] };
}

/**
 * The `index`-th synthetic article as drawn: the content is `body`'s texts in order (PARAGRAPH_BREAK between
 * paragraphs), the search body the words of those that have words joined by spaces, the summary the first
 * 100 characters (UTF-16 units) of the first paragraph.
 */
export type SyntheticDraw = {
  title: SyntheticTitle;
  body: Piece[];
  authorName: string;
  /** The platform's key and display name. */
  platformName: string;
  sourcePlatform: string;
  sourceUrl: string;
  /** Milliseconds since the epoch. */
  publishedAtMs: number;
  likeCnt: number;
  commentCnt: number;
  favoriteCnt: number;
  viewCnt: number;
};
/** Characters (UTF-16 units) of the first paragraph that make the summary. */
export const SUMMARY_LENGTH = 100;

/**
 * The `index`-th synthetic article of the set generated with `seed`, as its pieces (same inputs, same article).
 * A writer that is done with one draw before the next may pass the same `body` array each time (it is emptied).
 */
export function drawSynthetic(index: number, seed = 1, now = Date.now(), body: Piece[] = []): SyntheticDraw {
  const rand = prng(seed * 1_000_003 + index);
  const at = (length: number) => Math.floor(rand() * length);
  const pick = <T>(list: T[]) => list[at(list.length)];
  const topicIndex = at(TOPIC_KEYS.length);
  const topic = TOPIC_PIECES[topicIndex];
  const ends = TOPIC_SENTENCE_ENDS[topicIndex];
  const a = at(topic.words.length);
  const b = at(topic.words.length);
  const title = titleOf(topicIndex, a, b, at(TITLE_TEMPLATES.length));

  // 300–1,500 characters: paragraphs of 3–6 sentences built from the topic's words. The body's search
  // text is its pieces' words in order (pieces without words, the punctuation, add nothing).
  const target = 300 + Math.floor(rand() * 1200);
  body.length = 0;
  let length = 0;
  while (length < target) {
    if (body.length) body.push(PARAGRAPH_BREAK);
    const n = 3 + Math.floor(rand() * 4);
    for (let i = 0; i < n && length < target; i++) {
      const before = body.length;
      body.push(i === 0 ? pick(OPENER_PIECES) : pick(LINK_PIECES));
      const subject = at(SUBJECT_PIECES.length);
      body.push(SUBJECT_VERB[subject][at(VERB_PIECES.length)]);
      const word = at(topic.word.length);
      body.push(ends.wordTail[word][at(TAIL_PIECES.length)]);
      body.push(rand() < 0.3 ? ends.especiallyStop[at(topic.especially.length)] : STOP);
      for (let k = before; k < body.length; k++) length += body[k].text.length;
    }
  }
  const platform = PLATFORMS[Math.floor(rand() * PLATFORMS.length)];
  const views = Math.floor(200 + rand() * 50_000);
  const likes = Math.floor(views * (0.01 + rand() * 0.07));

  return {
    title,
    body,
    authorName: pick(AUTHORS),
    platformName: platform.key,
    sourcePlatform: platform.name,
    sourceUrl: `${SYNTHETIC_URL_PREFIX}${seed}/${index}`,
    publishedAtMs: now - Math.floor(rand() * 365 * 86_400_000),
    likeCnt: likes,
    commentCnt: Math.floor(likes * rand() * 0.3),
    favoriteCnt: Math.floor(likes * (0.5 + rand())),
    viewCnt: views,
  };
}

/** The summary of a drawn article: the opening of its first paragraph. */
export function summaryOf(draw: SyntheticDraw): string {
  let text = "";
  for (let k = 0; k < draw.body.length && draw.body[k] !== PARAGRAPH_BREAK && text.length < SUMMARY_LENGTH; k++) text += draw.body[k].text;
  return text.slice(0, SUMMARY_LENGTH);
}

/** The search body of a drawn article: its pieces' words, joined by spaces. */
export function searchBodyOf(draw: SyntheticDraw): string {
  const words: string[] = [];
  for (const p of draw.body) if (p.words) words.push(p.words);
  return words.join(" ");
}

/** The `index`-th synthetic article of the set generated with `seed` (same inputs, same article). */
export function syntheticArticle(index: number, seed = 1, now = Date.now()): NewArticle {
  const draw = drawSynthetic(index, seed, now);
  let content = "";
  for (const p of draw.body) content += p.text;
  return {
    title: draw.title.title,
    content,
    summary: summaryOf(draw),
    authorName: draw.authorName,
    platformName: draw.platformName,
    sourcePlatform: draw.sourcePlatform,
    sourceUrl: draw.sourceUrl,
    publishedAt: new Date(draw.publishedAtMs),
    likeCnt: draw.likeCnt,
    commentCnt: draw.commentCnt,
    favoriteCnt: draw.favoriteCnt,
    viewCnt: draw.viewCnt,
    origin: "synthetic",
    searchTitle: draw.title.searchTitle,
    searchGrams: draw.title.searchGrams,
    // The summary is the opening of the first paragraph, so its words are already among these.
    searchBody: searchBodyOf(draw),
  };
}
