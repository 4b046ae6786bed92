import "server-only";
// How many articles a word is in, estimated from the statistics PostgreSQL keeps for the tsvector columns:
// ANALYZE (autovacuum, at 2% of rows changed: migration 0009) stores each column's most common lexemes with
// the fraction of rows holding them (pg_stats.most_common_elems / most_common_elem_freqs), followed by the
// smallest and largest of those fractions. A lexeme missing from the list is in fewer rows than the
// smallest listed fraction. The search uses these figures to choose a plan per query (docs/search.md): they
// cost nothing on the write path and are read once a minute, not per request.
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { outsideRequest } from "@/lib/db/request-scope";
import { countArticles } from "@/lib/articles/queries";

/** The columns whose lexeme frequencies are read. */
export type TermColumn = "search_vector" | "title_vector" | "title_grams";

export type ColumnStats = {
  /** Fraction of rows holding each listed lexeme. */
  freq: Map<string, number>;
  /** Listed lexemes in order, for prefix look-ups. */
  lexemes: string[];
  /** Every lexeme not listed is in fewer rows than this fraction. */
  floor: number;
};

export type TermStats = {
  /** Articles now (the maintained counter, not the sampled row count). */
  articles: number;
  columns: Partial<Record<TermColumn, ColumnStats>>;
};

/** How long figures read from pg_stats are used before they are read again. */
const STATS_TTL_MS = 60_000;

const cache = new WeakMap<Db, { at: number; stats: Promise<TermStats> }>();

/** The term statistics of `db`, read at most once a minute (concurrent callers share one read). */
export function termStats(db: Db, now = Date.now()): Promise<TermStats> {
  const hit = cache.get(db);
  if (hit && now - hit.at < STATS_TTL_MS) return hit.stats;
  // Shared by concurrent searches: read outside the request, so one client leaving cancels nothing.
  const stats = outsideRequest(() => readTermStats(db)).catch((err) => {
    cache.delete(db);
    throw err;
  });
  cache.set(db, { at: now, stats });
  return stats;
}

/** Forget cached figures (tests that ANALYZE and want the new ones at once). */
export function forgetTermStats(db: Db): void {
  cache.delete(db);
}

async function readTermStats(db: Db): Promise<TermStats> {
  const [articles, rows] = await Promise.all([
    countArticles({ db }),
    db.execute<{ attname: TermColumn; elems: string[] | null; freqs: number[] | null }>(sql`
      select attname, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
      from pg_stats
      where schemaname = current_schema() and tablename = 'articles'
        and attname in ('search_vector', 'title_vector', 'title_grams')`),
  ]);
  const columns: TermStats["columns"] = {};
  for (const row of rows.rows) {
    if (!row.elems?.length || !row.freqs) continue;
    const n = row.elems.length;
    const freq = new Map(row.elems.map((e, i) => [e, Number(row.freqs![i])]));
    // The two figures after the per-lexeme fractions: the smallest and the largest of them.
    columns[row.attname] = { freq, lexemes: [...row.elems].sort(), floor: Number(row.freqs[n] ?? 0) };
  }
  return { articles, columns };
}

/** A word of a query: a lexeme, or a prefix (`postgre` of `'postgre':*`). */
export type QueryTerm = { text: string; prefix?: boolean };

/**
 * Estimated fraction of rows whose `column` holds `term`, or null when the column has no statistics
 * (never analysed). A prefix is the sum of the listed lexemes it starts (at most 1) or, when it starts
 * none, the floor.
 */
export function termFraction(stats: TermStats, column: TermColumn, term: QueryTerm): number | null {
  const col = stats.columns[column];
  if (!col) return null;
  if (!term.prefix) return col.freq.get(term.text) ?? col.floor;
  let sum = 0;
  for (const lexeme of col.lexemes) if (lexeme.startsWith(term.text)) sum += col.freq.get(lexeme)!;
  return Math.min(sum || col.floor, 1);
}

/**
 * An upper bound of the rows holding every term: the rarest term's rows (words of one query are seldom
 * independent, so a product would underestimate). Null without statistics.
 */
export function allTermsBound(stats: TermStats, column: TermColumn, terms: QueryTerm[]): number | null {
  let least = 1;
  for (const term of terms) {
    const f = termFraction(stats, column, term);
    if (f === null) return null;
    least = Math.min(least, f);
  }
  return Math.round(least * stats.articles);
}

/** Whether the statistics list `term` (a prefix: some lexeme it starts), so its fraction is a figure, not a bound. */
function listed(col: ColumnStats, term: QueryTerm): boolean {
  return term.prefix ? col.lexemes.some((lexeme) => lexeme.startsWith(term.text)) : col.freq.has(term.text);
}

/**
 * Rows holding every term when each is listed in the statistics: between the product of their fractions
 * (independent words) and the rarest one's (words that always come together). Null when a term is not
 * listed (its fraction is only bounded: a word, or a prefix starting no listed lexeme, may be in no article at
 * all) or the column has no statistics.
 */
export function allTermsRange(stats: TermStats, column: TermColumn, terms: QueryTerm[]): { low: number; high: number } | null {
  const col = stats.columns[column];
  if (!col) return null;
  let low = 1;
  let high = 1;
  for (const term of terms) {
    if (!listed(col, term)) return null;
    const f = termFraction(stats, column, term)!;
    low *= f;
    high = Math.min(high, f);
  }
  return { low: low * stats.articles, high: high * stats.articles };
}

/** Estimated rows holding any of the terms (independent terms: 1 − Π(1 − f)). Null without statistics. */
export function anyTermEstimate(stats: TermStats, column: TermColumn, terms: QueryTerm[]): number | null {
  let none = 1;
  for (const term of terms) {
    const f = termFraction(stats, column, term);
    if (f === null) return null;
    none *= 1 - f;
  }
  return Math.round((1 - none) * stats.articles);
}
