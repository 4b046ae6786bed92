import "server-only";
// Semantic search when an embedding model is configured: the full-text ranking and the nearest articles
// by embedding are fused by reciprocal rank fusion (score = Σ 1 / (K + rank) over both lists). Articles
// whose title holds the keyword as a phrase stay first. Past the fused head, pages continue in full-text
// order, so paging never repeats or skips an article; the total counts every full-text match plus the
// articles only the vectors found. If the model cannot embed the keyword, search is full-text alone.
import { embedTexts, embeddingModel } from "@/lib/ai/embeddings";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";
import { articlesByIds, type Page, type Reader } from "@/lib/articles/queries";
import { matchingIds, rankMatches } from "./rank";
import type { ArticleRow } from "@/lib/articles/serialize";
import { nearestArticles, vectorSearchAvailable } from "./vectors";

/** The RRF constant from Cormack et al. (2009). */
export const RRF_K = 60;
/** How many of each ranking take part in the fusion. */
export const FUSION_DEPTH = 100;
/** A search waits this long for the keyword's embedding before answering with full-text alone. */
const QUERY_EMBED_TIMEOUT_MS = 5_000;
const CACHE_SIZE = 500;

const cache = new Map<string, number[]>();

/** The embedding of a search keyword or chat question (cached), or null when the model fails: callers then rank by full text alone. */
export async function queryVector(model: string, keyword: string): Promise<number[] | null> {
  const key = `${model}\n${keyword}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  try {
    const [vector] = await embedTexts([keyword], { timeoutMs: QUERY_EMBED_TIMEOUT_MS, maxRetries: 1 });
    cache.set(key, vector);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return vector;
  } catch (err) {
    log.warn("query embedding failed; full-text ranking only", { error: errorMessage(err) });
    return null;
  }
}

/** Fuses two rankings: phrase matches first (full-text order), then by RRF score, ties to full-text rank. */
export function fuse(textIds: number[], vectorIds: number[], phraseIds: Set<number>): number[] {
  const score = new Map<number, number>();
  const add = (ids: number[]) => ids.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + i + 1)));
  add(textIds);
  add(vectorIds);
  const textRank = new Map(textIds.map((id, i) => [id, i]));
  return [...score.keys()].sort(
    (a, b) =>
      Number(phraseIds.has(b)) - Number(phraseIds.has(a)) ||
      score.get(b)! - score.get(a)! ||
      (textRank.get(a) ?? Infinity) - (textRank.get(b) ?? Infinity) ||
      b - a,
  );
}

export type SearchMode = "hybrid" | "fulltext";
/** A page of results; `totalIsEstimate` when more than COUNT_EXACT_MAX matched and the total is estimated. */
export type SearchPage = Page<ArticleRow> & { totalIsEstimate: boolean; mode: SearchMode };

export async function hybridSearch({
  db,
  keyword,
  page,
  limit,
  reader = null,
}: {
  db: Db;
  keyword: string;
  page: number;
  limit: number;
  reader?: Reader;
}): Promise<SearchPage> {
  const offset = (page - 1) * limit;
  const model = embeddingModel();
  const vector = model && (await vectorSearchAvailable(db)) ? await queryVector(model, keyword) : null;
  if (!model || !vector) {
    const ranked = await rankMatches({ db, keyword, offset, limit, reader });
    return { items: await articlesByIds({ db, ids: ranked.ids, reader }), total: ranked.total, totalIsEstimate: ranked.totalIsEstimate, mode: "fulltext" };
  }

  const [text, near] = await Promise.all([
    rankMatches({ db, keyword, offset: 0, limit: FUSION_DEPTH, reader }),
    nearestArticles({ db, model, vector, limit: FUSION_DEPTH, minSimilarity: getConfig().AI_EMBEDDING_MIN_SIMILARITY, reader }),
  ]);
  const nearIds = near.map((n) => n.id);
  const fused = fuse(text.ids, nearIds, text.phraseIds);
  // Vector hits outside the full-text head are pulled into the fused list; some may match the text further
  // down. Pages past the fused list continue the full-text ranking without anything already shown.
  const pulled = nearIds.filter((id) => !text.ids.includes(id));
  const hasMore = text.ids.length === FUSION_DEPTH;
  const pulledTextMatches = hasMore ? (await matchingIds({ db, keyword, ids: pulled, reader })).size : 0;
  const total = text.total + pulled.length - pulledTextMatches;

  let ids = fused.slice(offset, offset + limit);
  if (hasMore && ids.length < limit && offset + limit > fused.length) {
    const rest = await rankMatches({
      db,
      keyword,
      offset: Math.max(offset - fused.length, 0),
      limit: limit - ids.length,
      reader,
      exceptIds: fused,
    });
    ids = [...ids, ...rest.ids];
  }
  return { items: await articlesByIds({ db, ids, reader }), total, totalIsEstimate: text.totalIsEstimate, mode: "hybrid" };
}
