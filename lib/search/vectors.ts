import "server-only";
// Nearest articles to a query vector. With pgvector (bundled with the embedded PGlite; on a Postgres
// server where `create extension vector` succeeds) the stored real[] is cast to vector(n) and searched
// through an HNSW index per dimension count; elsewhere the dot product of the unit vectors is computed
// over the real[] column in SQL (a scan: fine for thousands of articles, slow for hundreds of thousands,
// so above ARRAY_SCAN_MAX_ARTICLES the search answers by full text alone).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articleEmbeddings, articles } from "@/lib/db/schema";
import { outsideRequest } from "@/lib/db/request-scope";
import { log, errorMessage } from "@/lib/log";
import { countArticles, unreadBy, visible, type Reader } from "@/lib/articles/queries";

/**
 * Without pgvector every query vector is compared with every stored one. Above this many articles that scan
 * would cost a request more than the page it shows, so searches and the chat answer by full text alone
 * (`X-Search-Mode: fulltext`) and the server warns at start-up how to enable pgvector.
 */
export const ARRAY_SCAN_MAX_ARTICLES = 20_000;
/** HNSW candidates examined per query (pgvector's hnsw.ef_search): at least the rows asked for. */
const HNSW_MIN_CANDIDATES = 40;

export type VectorBackend = "pgvector" | "array";

/** pgvector's HNSW index takes at most 2,000 dimensions for the vector type. */
const HNSW_MAX_DIMENSIONS = 2000;

const g = globalThis as typeof globalThis & {
  __shiyueVector?: WeakMap<Db, Promise<VectorBackend>>;
  __shiyueVectorIndexes?: WeakMap<Db, Set<number>>;
};

export function vectorBackend(db: Db): Promise<VectorBackend> {
  g.__shiyueVector ??= new WeakMap();
  let backend = g.__shiyueVector.get(db);
  if (!backend) {
    backend = outsideRequest(() => detect(db)); // kept for the process: not cancelled with the request that asked first
    g.__shiyueVector.set(db, backend);
  }
  return backend;
}

async function detect(db: Db): Promise<VectorBackend> {
  try {
    await db.execute(sql`create extension if not exists vector`);
    return "pgvector";
  } catch (err) {
    log.info("pgvector unavailable, vectors are searched as real[]", { reason: errorMessage(err) });
    return "array";
  }
}

function dims(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 65_535) throw new Error(`无效的向量维度：${n}`);
  return n;
}

/** Creates the HNSW index for vectors of `n` dimensions once (pgvector only). */
export async function ensureVectorIndex(db: Db, n: number): Promise<void> {
  if ((await vectorBackend(db)) !== "pgvector" || dims(n) > HNSW_MAX_DIMENSIONS) return;
  g.__shiyueVectorIndexes ??= new WeakMap();
  const done = g.__shiyueVectorIndexes.get(db) ?? new Set<number>();
  g.__shiyueVectorIndexes.set(db, done);
  if (done.has(n)) return;
  await db.execute(
    sql.raw(
      `create index if not exists article_embeddings_hnsw_${n} on article_embeddings ` +
        `using hnsw ((embedding::vector(${n})) vector_cosine_ops) where dimensions = ${n}`,
    ),
  );
  done.add(n);
}

const sizeCache = new WeakMap<Db, { at: number; articles: Promise<number> }>();

/** Articles in the table, read at most once a minute. */
function articleCount(db: Db, now = Date.now()): Promise<number> {
  const hit = sizeCache.get(db);
  if (hit && now - hit.at < 60_000) return hit.articles;
  const articles = countArticles({ db });
  sizeCache.set(db, { at: now, articles });
  return articles;
}

/** Forget the cached article count (tests that change it). */
export function forgetArticleCount(db: Db): void {
  sizeCache.delete(db);
}

/** Whether nearest-article queries are bounded here: always with pgvector's index, without it up to ARRAY_SCAN_MAX_ARTICLES. */
export async function vectorSearchAvailable(db: Db): Promise<boolean> {
  if ((await vectorBackend(db)) === "pgvector") return true;
  return (await articleCount(db)) <= ARRAY_SCAN_MAX_ARTICLES;
}

/** Start-up: with an embedding model but without pgvector on a large collection, say why search is full-text and how to change it. */
export async function warnIfVectorSearchOff(db: Db, model: string | null): Promise<void> {
  if (!model || (await vectorSearchAvailable(db))) return;
  log.warn("semantic search off: more articles than a vector scan without pgvector can serve per request; searches and the chat use full text", {
    articles: await articleCount(db),
    limit: ARRAY_SCAN_MAX_ARTICLES,
    fix: "install the pgvector extension on the PostgreSQL server (e.g. apt-get install postgresql-15-pgvector) so that `create extension vector` succeeds, then restart",
  });
}

export type Neighbour = { id: number; similarity: number };

/** Up to `limit` articles whose embedding (for `model`) has cosine similarity ≥ `minSimilarity`, best first. */
export async function nearestArticles({
  db,
  model,
  vector,
  limit,
  minSimilarity,
  reader = null,
}: {
  db: Db;
  model: string;
  vector: number[];
  limit: number;
  minSimilarity: number;
  reader?: Reader;
}): Promise<Neighbour[]> {
  const n = dims(vector.length);
  const where = and(eq(articleEmbeddings.model, model), sql`${articleEmbeddings.dimensions} = ${sql.raw(String(n))}`, visible(), unreadBy(reader));
  let rows: { id: number; similarity: number }[];
  if ((await vectorBackend(db)) === "pgvector") {
    // The same expression as the index (embedding::vector(n)), so the planner can walk it in distance order.
    const distance = sql`(${articleEmbeddings.embedding}::vector(${sql.raw(String(n))}) <=> ${`[${vector.join(",")}]`}::vector(${sql.raw(String(n))}))`;
    // The index walk examines ef_search candidates: bounded, and at least the rows asked for.
    rows = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local hnsw.ef_search = ${Math.max(HNSW_MIN_CANDIDATES, Math.min(2 * limit, 1000))}`));
      return tx
        .select({ id: articleEmbeddings.articleId, similarity: sql<number>`1 - ${distance}` })
        .from(articleEmbeddings)
        .innerJoin(articles, eq(articles.id, articleEmbeddings.articleId))
        .where(where)
        .orderBy(distance)
        .limit(limit);
    });
  } else {
    const similarity = sql<number>`(select sum(x * y) from unnest(${articleEmbeddings.embedding}, ${sql.param(vector)}::real[]) as v(x, y))`;
    rows = await db
      .select({ id: articleEmbeddings.articleId, similarity })
      .from(articleEmbeddings)
      .innerJoin(articles, eq(articles.id, articleEmbeddings.articleId))
      .where(where)
      .orderBy(sql`2 desc`)
      .limit(limit);
  }
  return rows.map((r) => ({ id: r.id, similarity: Number(r.similarity) })).filter((r) => r.similarity >= minSimilarity);
}
