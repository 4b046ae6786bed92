import "server-only";
// The search's answer when a keyword's words match nothing although its text is in an article. jieba cuts
// running text by context: 以形补形 alone is 以形/补形, inside a sentence 以/形补形, and 叠加态 followed by 是
// is 叠加/态是; the keyword's words are then not the article's words (titles are spared: they are also
// matched as phrases of character bigrams). So when the word and title-phrase queries find nothing, each CJK
// run of the keyword is looked for as text: candidates are the articles holding, for every run, a word that
// is a piece of it (however the text around it was cut, some piece of two or more characters is a word of
// it), the hottest VERBATIM_CANDIDATES of them, kept when every run is in the title, the summary or the
// body. Latin words are cut the same way everywhere and are required as words. Bounded: candidates few
// enough are all collected from the GIN index, more are looked for among the hottest VERBATIM_WALK_ROWS
// articles only. Used only after a zero result, so the common path pays nothing.
import { and, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { unreadBy, type Reader } from "@/lib/articles/queries";
import { normalizeText, segmentWords } from "./text";
import { sampleEstimate } from "./total";
import { termStats, type TermStats } from "./statistics";
import { hottestAmong, topByHot } from "./top-by-hot";

/** At most this many candidates (the hottest) are read for the text of the keyword, each with its body. */
export const VERBATIM_CANDIDATES = 200;
/** Candidates up to this many (estimated) are collected from the GIN index, every one of them. */
const BITMAP_MAX = 8_000;
/**
 * More are looked for among this many of the hottest articles only: a keyword whose pieces are common words
 * (用户, 数据, 量子) makes most articles candidates, and walking them in hot order costs each row's TOASTed
 * body vector. The budget keeps such a keyword, which usually matches nothing, within the time of a search
 * with results (docs/search.md).
 */
export const VERBATIM_WALK_ROWS = 2_000;
/** Candidates this many or more are walked in hot order without counting them first. */
const COMMON_CANDIDATES = 20_000;
/** Pieces of a run are taken up to this many characters (a run of n characters gives at most 3n pieces). */
const MAX_PIECE = 4;

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2,}/gu;
const LEXEME = /^[\p{L}\p{N}]+$/u;

type VerbatimQuery = { runs: string[]; pieces: string[][]; latin: string[] };

/** The keyword's CJK runs (two characters or more), the word pieces of each, and its other words. */
export function verbatimQuery(keyword: string): VerbatimQuery | null {
  const text = normalizeText(keyword);
  const runs = [...new Set([...text.matchAll(CJK_RUN)].map((m) => m[0]))];
  if (!runs.length) return null;
  const pieces = runs.map((run) => {
    const chars = [...run];
    const out = new Set<string>();
    for (let i = 0; i < chars.length; i++) for (let n = 2; n <= MAX_PIECE && i + n <= chars.length; n++) out.add(chars.slice(i, i + n).join(""));
    return [...out];
  });
  const latin = [...new Set(segmentWords(text.replace(CJK_RUN, " ")))].filter((w) => LEXEME.test(w) && !/\p{Script=Han}/u.test(w));
  return { runs, pieces, latin };
}

/** Ids of the articles holding every CJK run of the keyword as text (and its other words), hottest first. */
export async function verbatimMatches({
  db,
  keyword,
  reader = null,
  exceptIds = [],
}: {
  db: Db;
  keyword: string;
  reader?: Reader;
  exceptIds?: number[];
}): Promise<{ ids: number[]; capped: boolean } | null> {
  const q = verbatimQuery(keyword);
  if (!q) return null;
  const clauses = [...q.pieces.map((list) => `(${list.map((p) => `'${p}'`).join(" | ")})`), ...q.latin.map((w) => `'${w}'`)];
  const pieces = sql`(${articles.searchVector} @@ to_tsquery('simple', ${clauses.join(" & ")}))`;
  const where = and(pieces, unreadBy(reader), exceptIds.length ? notInArray(articles.id, exceptIds) : undefined)!;
  const stats = await termStats(db);
  const estimate = await candidateEstimate(db, q, pieces, stats);
  const walked = estimate > BITMAP_MAX;
  const candidates = walked
    ? await hottestAmong(db, { where, k: VERBATIM_CANDIDATES, rows: VERBATIM_WALK_ROWS })
    : await topByHot(db, { where, k: VERBATIM_CANDIDATES, estimate: null, articles: stats.articles });
  if (!candidates.length) return { ids: [], capped: walked };
  // The title and summary first: a run found there spares reading the body from TOAST.
  const holds = (run: string) =>
    sql`(strpos(${articles.title}, ${run}) > 0 or strpos(coalesce(${articles.summary}, ''), ${run}) > 0 or strpos(coalesce(${articles.content}, ''), ${run}) > 0)`;
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(inArray(articles.id, candidates), ...q.runs.map(holds)));
  const kept = new Set(rows.map((r) => r.id));
  return { ids: candidates.filter((id) => kept.has(id)), capped: walked || candidates.length === VERBATIM_CANDIDATES };
}

/**
 * How many articles hold a piece of every run. With one run and no Latin word, a piece the statistics list
 * as common (用户, 数据) gives it at once: the run's candidates are at least that piece's articles. Otherwise — most pieces are not words anywhere (形补, 补形) and
 * the statistics only bound them loosely — the sample index counts them, in about a millisecond when they
 * are rare.
 */
async function candidateEstimate(db: Db, q: VerbatimQuery, pieces: SQL, stats: TermStats): Promise<number> {
  const freq = stats.columns.search_vector?.freq;
  if (freq && q.runs.length === 1 && !q.latin.length) {
    const common = Math.max(0, ...q.pieces[0].map((p) => freq.get(p) ?? 0));
    if (common * stats.articles >= COMMON_CANDIDATES) return Math.round(common * stats.articles);
  }
  return sampleEstimate(db, pieces);
}
