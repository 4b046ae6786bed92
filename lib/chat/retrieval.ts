import "server-only";
// Retrieval for a chat question: full-text matches of its topic words, fused with the nearest articles by
// embedding when a model is configured (the search's reciprocal rank fusion), as numbered sources.
import { embeddingModel } from "@/lib/ai/embeddings";
import { articlesByIds } from "@/lib/articles/queries";
import { fuse, queryVector } from "@/lib/search/hybrid";
import { retrieveArticleIds } from "@/lib/search/questions";
import { markdownToPlainText } from "@/lib/search/text";
import type { ArticleRow } from "@/lib/articles/serialize";
import { searchGate } from "@/lib/search/gate";
import { nearestArticles, vectorSearchAvailable } from "@/lib/search/vectors";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";

export const CONTEXT_ARTICLES = 5;

export type Source = { n: number; id: number; title: string; url: string; platform: string | null; author: string | null; summary: string | null; text: string };

async function nearestIds(db: Db, question: string): Promise<number[]> {
  const model = embeddingModel();
  const vector = model && (await vectorSearchAvailable(db)) ? await queryVector(model, question) : null;
  if (!model || !vector) return [];
  const near = await nearestArticles({ db, model, vector, limit: CONTEXT_ARTICLES * 2, minSimilarity: getConfig().AI_EMBEDDING_MIN_SIMILARITY });
  return near.map((n) => n.id);
}

export function toSource(row: ArticleRow, n: number): Source {
  return {
    n,
    id: row.id,
    title: row.title,
    url: `/articles/${row.id}`,
    platform: row.sourcePlatform,
    author: row.authorName,
    summary: row.summary,
    text: markdownToPlainText(row.content ?? "").replace(/\s+/g, " ").trim(),
  };
}

/** The question's sources, through the search gate (a retrieval is a search: lib/search/gate.ts). */
export async function retrieveSources({ db, question, signal }: { db: Db; question: string; signal?: AbortSignal }): Promise<Source[]> {
  const gate = searchGate(getConfig().SEARCH_CONCURRENCY);
  const ids = await gate.run(async () => {
    const [text, near] = await Promise.all([retrieveArticleIds({ db, question, limit: CONTEXT_ARTICLES * 2 }), nearestIds(db, question)]);
    return fuse(text, near, new Set()).slice(0, CONTEXT_ARTICLES);
  }, signal);
  const rows = await articlesByIds({ db, ids });
  return rows.map((row, i) => toSource(row, i + 1));
}
