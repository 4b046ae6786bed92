import "server-only";
// A keyword as queries: segmented by jieba like the indexed text (./text.ts), its words AND-ed against the
// title and body words (GIN on search_vector) and, as an exact phrase, against the title's character bigrams
// (GIN on title_grams). See docs/search.md.
import { sql, type SQL } from "drizzle-orm";
import type { Reader } from "@/lib/articles/queries";
import type { Db } from "@/lib/db/client";
import type { QueryTerm } from "./statistics";
import { gramTokens, segmentWords } from "./text";

/** The distinct segmented words of `text`, stripped of tsquery syntax so they can be quoted as lexemes. */
export function tsqueryWords(text: string): string[] {
  return [...new Set(segmentWords(text))].map((w) => w.replace(/['\\:&|!()<>*]/g, "")).filter(Boolean);
}

/** A keyword's words: every segmented word; the last one, when it is a Latin word, also as a prefix. */
function keywordTerms(keyword: string): QueryTerm[] {
  const words = tsqueryWords(keyword);
  const last = words.length - 1;
  return words.map((text, i) => ({ text, prefix: i === last && /^[a-z][a-z0-9]*$/.test(text) }));
}

const wordsQuery = (terms: QueryTerm[]) => terms.map((t) => (t.prefix ? `'${t.text}':*` : `'${t.text}'`)).join(" & ");
const phraseQuery = (grams: string[]) => grams.map((g) => `'${g}'`).join(" <-> ");

/**
 * A keyword's words as a tsquery: every segmented word must match; the last one, when it is a Latin word,
 * also as a prefix ("postgre" finds PostgreSQL).
 */
export function keywordToTsquery(keyword: string): string | null {
  const terms = keywordTerms(keyword);
  return terms.length ? wordsQuery(terms) : null;
}

/** The keyword as a phrase over title bigrams, or null when it is a single CJK character or has no letters. */
export function keywordToPhraseTsquery(keyword: string): string | null {
  const grams = phraseGrams(keyword);
  return grams.length ? phraseQuery(grams) : null;
}

function phraseGrams(keyword: string): string[] {
  const grams = gramTokens(keyword).map((g) => g.replace(/['\\:&|!()<>*]/g, "")).filter(Boolean);
  return !grams.length || (grams.length === 1 && [...grams[0]].length === 1) ? [] : grams;
}

/** A keyword's word query, title-phrase query (when it has one) and the terms of each. */
export type KeywordQueries = { w: SQL; p: SQL | null; terms: QueryTerm[]; grams: QueryTerm[] };

/** The keyword segmented once: its word and phrase queries and their terms, or null when it has no words. */
export function keywordQueries(keyword: string): KeywordQueries | null {
  const terms = keywordTerms(keyword);
  if (!terms.length) return null;
  const grams = phraseGrams(keyword);
  return {
    w: sql`to_tsquery('simple', ${wordsQuery(terms)})`,
    p: grams.length ? sql`to_tsquery('simple', ${phraseQuery(grams)})` : null,
    terms,
    grams: grams.map((text) => ({ text })),
  };
}

export type RankedIds = {
  /** Ids in rank order for the requested slice. */
  ids: number[];
  /** Those of `ids` whose title holds the keyword as a phrase. */
  phraseIds: Set<number>;
  /** Every match (minus `exceptIds`): exact up to COUNT_EXACT_MAX, estimated above. */
  total: number;
  totalIsEstimate: boolean;
  /**
   * "full": every match ranked; "tiers": each tier read in hot order as deep as the page; "verbatim": the words
   * matched nothing and the keyword's text was found in the articles instead (docs/search.md).
   */
  plan: "full" | "tiers" | "verbatim";
};

export type RankRequest = {
  db: Db;
  q: KeywordQueries;
  offset: number;
  limit: number;
  reader?: Reader;
  exceptIds?: number[];
};

