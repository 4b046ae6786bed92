import "server-only";
// Nearest articles to a query vector. With pgvector (bundled with the embedded PGlite; on a Postgres
// server where `create extension vector` succeeds) the stored real[] is cast to vector(n) and searched
// through an HNSW index per dimension count; elsewhere the dot product of the unit vectors is computed
// over the real[] column in SQL (a scan: fine for thousands of articles, slow for hundreds of thousands).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articleEmbeddings, articles } from "@/lib/db/schema";
import { log, errorMessage } from "@/lib/log";
import { unreadBy, type Reader } from "./queries";

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
    backend = detect(db);
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
  const where = and(eq(articleEmbeddings.model, model), sql`${articleEmbeddings.dimensions} = ${sql.raw(String(n))}`, unreadBy(reader));
  let rows: { id: number; similarity: number }[];
  if ((await vectorBackend(db)) === "pgvector") {
    // The same expression as the index (embedding::vector(n)), so the planner can walk it in distance order.
    const distance = sql`(${articleEmbeddings.embedding}::vector(${sql.raw(String(n))}) <=> ${`[${vector.join(",")}]`}::vector(${sql.raw(String(n))}))`;
    rows = await db
      .select({ id: articleEmbeddings.articleId, similarity: sql<number>`1 - ${distance}` })
      .from(articleEmbeddings)
      .innerJoin(articles, eq(articles.id, articleEmbeddings.articleId))
      .where(where)
      .orderBy(distance)
      .limit(limit);
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
