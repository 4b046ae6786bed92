// What the benchmark asks the app: the feed, search, pages, a write, a poll. The feed and search
// scenarios are also answered by the floor server (same paths, same SQL), so their figures have a ratio.
import type { Scenario } from "./load";
import type { BenchDb } from "./prepare-db";

/** Two-word keywords from the synthetic vocabulary; each matches about 12% of the articles. */
export const TWO_WORD_KEYWORDS = [
  "数据 索引", "睡眠 质量", "指数 基金", "向量 数据库", "前端 性能", "代码 评审", "单元 测试", "缓存 策略",
  "用户 调研", "定价 策略", "家庭 预算", "房贷 利率", "资产 配置", "气候 变化", "量子 计算", "火星 探测",
  "跑步 配速", "心率 区间", "力量 训练", "城市 漫步", "自驾 路线", "高铁 旅行", "旅行 预算", "古典 诗词",
  "胶片 摄影", "独立 书店", "开源 模型", "训练 数据", "推理 能力", "基因 编辑",
];
/** One-word keywords (one jieba word each) from the synthetic vocabulary. */
export const ONE_WORD_KEYWORDS = ["黑洞", "民宿", "海岛", "古城", "播客", "预算", "基金", "缓存", "睡眠", "模型", "旅行", "摄影"];
/** Two filler words found in 82% of the synthetic articles: the worst case. */
export const WORST_KEYWORD = "用户 体验";
/** One word in 91% of the synthetic articles. */
export const COMMON_KEYWORD = "数据";
/** What the flood searches for, in turn: the worst keyword and one-word keywords in ~90% of the articles. */
export const FLOOD_KEYWORDS = [WORST_KEYWORD, COMMON_KEYWORD, "经验", "问题", "效果"];

/**
 * Keywords of 2–15 characters that no article holds, Latin and CJK: a search that finds nothing (and hands the
 * reader to the chat) goes through the words, the title phrase and the verbatim fallback.
 */
export const NOWHERE_KEYWORDS = ["zxqvbnm", "qwpoeiruty", "烤肠", "量子烤肠", "海岛的秘密配方", "用户数据的秘密配方", "数据库的量子烤肠配方", "量子计算机散热系统的设计方案"];

export const FEED_PATH = "/api/v1/articles?page=1";
export const FEED_UNREAD_PATH = "/api/v1/articles?page=1&exclude_read=true";
export const searchPath = (keyword: string) => `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}`;

export type ScenarioKey =
  | "feed" | "feed-unread" | "search-1" | "search-2" | "search-none" | "search-worst" | "search-common" | "search-page-2"
  | "home" | "home-browser" | "home-signed-in" | "permalink" | "like" | "status";
/** The scenarios of the 100k-vs-1M table (one request at a time on each corpus). */
export const SCALE_KEYS: ScenarioKey[] = [
  "feed", "feed-unread", "search-1", "search-2", "search-none", "search-worst", "search-common", "search-page-2", "home", "home-signed-in", "permalink",
];
export type BenchScenario = Scenario & { key: ScenarioKey; /** the floor server answers it too */ floor: boolean };

function inTurn(paths: string[]): () => string {
  let i = 0;
  return () => paths[i++ % paths.length];
}

/** Every scenario, or those of `only`; `worst` adds the searches for words in most articles (seconds each on 1M today). */
export function benchScenarios(db: BenchDb, opts: { worst: boolean; only?: ScenarioKey[] }): BenchScenario[] {
  const auth = { authorization: `Bearer ${db.token}` };
  // Searches are asked signed in: a visitor's page for a keyword is kept for 10 s (lib/search/visitor-cache.ts),
  // so keywords in turn would measure that memory, not the search.
  const all: (BenchScenario | false)[] = [
    { key: "feed", name: "feed page 1, visitor (API)", path: () => FEED_PATH, floor: true },
    { key: "feed-unread", name: "feed page 1, signed in, exclude_read (API)", path: () => FEED_UNREAD_PATH, headers: auth, floor: true },
    { key: "search-1", name: `search, one-word keywords (${ONE_WORD_KEYWORDS.length} in turn)`, path: inTurn(ONE_WORD_KEYWORDS.map(searchPath)), headers: auth, floor: true },
    { key: "search-2", name: `search, two-word keywords (${TWO_WORD_KEYWORDS.length} in turn)`, path: inTurn(TWO_WORD_KEYWORDS.map(searchPath)), headers: auth, floor: true },
    { key: "search-none", name: `search that finds nothing (${NOWHERE_KEYWORDS.length} keywords of 2–15 characters in turn)`, path: inTurn(NOWHERE_KEYWORDS.map(searchPath)), headers: auth, floor: true },
    opts.worst && { key: "search-worst", name: `search “${WORST_KEYWORD}” (82% of articles)`, path: () => searchPath(WORST_KEYWORD), headers: auth, floor: true },
    opts.worst && { key: "search-common", name: `search “${COMMON_KEYWORD}” (91% of articles)`, path: () => searchPath(COMMON_KEYWORD), headers: auth, floor: true },
    // The second page, signed in (the reader's likes and favourites are marked on each card).
    { key: "search-page-2", name: "search page 2, signed in, two-word keywords", path: inTurn(TWO_WORD_KEYWORDS.map((k) => `${searchPath(k)}&page=2`)), headers: auth, floor: false },
    { key: "home", name: "home page HTML: GET /", path: () => "/", floor: false },
    // What a browser's page load asks: the same cached page, compressed for it.
    { key: "home-browser", name: "home page HTML, a browser's page load (gzip)", path: () => "/", headers: { "sec-fetch-dest": "document", "accept-encoding": "gzip, deflate, br" }, floor: false },
    // A signed-in reader's home (their unread feed) is rendered for each request.
    { key: "home-signed-in", name: "home page HTML, signed in (rendered per request)", path: () => "/", headers: { cookie: `shiyue_token=${db.token}` }, floor: false },
    { key: "permalink", name: "article permalink HTML", path: () => `/articles/${db.articleId}`, floor: false },
    // Through 100 articles in turn, so concurrent toggles rarely touch the same row.
    { key: "like", name: "like toggle: POST /api/v1/likes/{id}", method: "POST", path: inTurn(db.likeIds.map((id) => `/api/v1/likes/${id}`)), headers: auth, floor: false },
    { key: "status", name: "summary status poll (completed task)", path: () => `/api/summary/task/${db.taskId}/status`, headers: auth, floor: false },
  ];
  return all.filter((s): s is BenchScenario => s !== false && (!opts.only || opts.only.includes(s.key)));
}
