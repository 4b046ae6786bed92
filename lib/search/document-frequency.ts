import "server-only";
// How many articles hold each of a question's terms, for its idf (lib/search/bm25.ts). A term PostgreSQL's
// statistics list (the collection's common words) is read from them; any other is counted: exactly while
// the collection is small, on the sample index (one article in 64, migration 0011) at scale, where a rare
// term costs a handful of index entries. Figures are kept for a while: the same words come back.
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { TermStats } from "./statistics";
import { SAMPLE_MODULUS } from "./total";

/** Up to this many articles every unlisted term is counted exactly. */
const EXACT_ARTICLES = 50_000;
/** Sample matches counted per term at most (a term past it is common; its figure is then a lower bound). */
const SAMPLE_MAX = 2_000;
const TTL_MS = 10 * 60_000;
const CACHE_MAX = 5_000;

const cache = new WeakMap<Db, Map<string, { df: number; at: number; articles: number }>>();

/** Articles holding each term (estimated at scale); 0 for a term in none. */
export async function documentFrequencies(db: Db, terms: string[], stats: TermStats, now = Date.now()): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const listed = stats.columns.search_vector?.freq;
  let known = cache.get(db);
  if (!known) cache.set(db, (known = new Map()));
  const missing: string[] = [];
  for (const term of new Set(terms)) {
    const f = listed?.get(term);
    const hit = known.get(term);
    if (f !== undefined) out.set(term, Math.round(f * stats.articles));
    else if (hit && now - hit.at < TTL_MS && hit.articles === stats.articles) out.set(term, hit.df);
    else missing.push(term);
  }
  if (!missing.length) return out;
  const exact = stats.articles <= EXACT_ARTICLES;
  const sampled = exact ? sql`` : sql`and a.id % ${sql.raw(String(SAMPLE_MODULUS))} = 0`;
  const { rows } = await db.execute<{ term: string; n: number }>(sql`
    select t.term, (select count(*)::int from (
      select 1 from articles a where a.search_vector @@ to_tsquery('simple', quote_literal(t.term)) ${sampled} limit ${SAMPLE_MAX}
    ) m) as n
    from unnest(${sql`array[${sql.join(missing.map((t) => sql`${t}`), sql`, `)}]::text[]`}) as t(term)`);
  if (known.size > CACHE_MAX) known.clear();
  for (const { term, n } of rows) {
    // At scale a term the sample misses is in fewer than one article in 64: half of that is the guess.
    const df = exact ? n : n ? n * SAMPLE_MODULUS : n === 0 ? SAMPLE_MODULUS / 2 : 0;
    out.set(term, df);
    known.set(term, { df, at: now, articles: stats.articles });
  }
  return out;
}
