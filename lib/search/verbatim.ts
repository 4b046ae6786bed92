import "server-only";
// The search's answer when a keyword's words match nothing although its text is in an article. jieba cuts
// running text by context: 以形补形 alone is 以形/补形, inside a sentence 以/形补形, and 叠加态 followed by 是
// is 叠加/态是; the keyword's words are then not the article's words (titles are spared: they are also
// matched as phrases of character bigrams). So when the word and title-phrase queries find nothing, each CJK
// run of the keyword is looked for as text: candidates are the articles holding, for every run, a word that
// is a piece of it (however the text around it was cut, some piece of two or more characters is a word of
// it), the hottest VERBATIM_CANDIDATES of them read in hot order, kept when every run is in the title, the
// summary or the body. Latin words are cut the same way everywhere and are required as words. Bounded by
// the candidates; used only after a zero result, so the common path pays nothing.
import { and, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { unreadBy, type Reader } from "@/lib/articles/queries";
import { normalizeText, segmentWords } from "./text";
import { sampleEstimate } from "./total";
import { termStats } from "./statistics";
import { topByHot } from "./top-by-hot";

/** At most this many candidates (the hottest) are read for the text of the keyword. */
export const VERBATIM_CANDIDATES = 2_000;
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
  // Most pieces are not words anywhere (形补, 补形), so the statistics only bound them loosely (every unlisted
  // lexeme at the smallest listed frequency); the sample index counts them instead, in about a millisecond.
  const [stats, estimate] = await Promise.all([termStats(db), sampleEstimate(db, pieces)]);
  const candidates = await topByHot(db, { where, k: VERBATIM_CANDIDATES, estimate, articles: stats.articles });
  if (!candidates.length) return { ids: [], capped: false };
  const text = sql`(${articles.title} || ' ' || coalesce(${articles.summary}, '') || ' ' || coalesce(${articles.content}, ''))`;
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(inArray(articles.id, candidates), ...q.runs.map((run) => sql`strpos(${text}, ${run}) > 0`)));
  const kept = new Set(rows.map((r) => r.id));
  return { ids: candidates.filter((id) => kept.has(id)), capped: candidates.length === VERBATIM_CANDIDATES };
}
