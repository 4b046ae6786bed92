import "server-only";
// Article embeddings for semantic search: which articles need one (none yet for the configured model, or
// the article changed since), and embedding them. The text is the title, summary and opening of the body;
// its hash is stored, so an article whose text did not change is not sent to the model again.
import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { embedTexts, embeddingModel } from "@/lib/ai/embeddings";
import type { Db } from "@/lib/db/client";
import { articleEmbeddings, articles } from "@/lib/db/schema";
import { markdownToPlainText } from "./text";
import { ensureVectorIndex } from "./vectors";

/** Characters of an article sent to the model: enough for the gist, within every common model's input. */
export const EMBED_TEXT_CHARS = 1500;

export function embeddingText(a: { title: string; summary: string | null; content: string | null }): string {
  const body = markdownToPlainText(a.content ?? "").replace(/\s+/g, " ").trim();
  return [a.title, a.summary?.trim(), body].filter(Boolean).join("\n").slice(0, EMBED_TEXT_CHARS);
}

export function contentHash(model: string, text: string): string {
  return createHash("sha256").update(model).update("\n").update(text).digest("hex");
}

/** Articles without a current embedding for `model`: none stored, or the article was updated since it was read. */
/** Articles without a current embedding; a hidden article waits until it is shown again. */
function pendingWhere() {
  return and(isNull(articles.hiddenAt), or(isNull(articleEmbeddings.articleId), lt(articleEmbeddings.createdAt, articles.updatedAt)));
}

function pendingFrom(db: Db, model: string) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      summary: articles.summary,
      content: articles.content,
      storedHash: articleEmbeddings.contentHash,
      // When the text was read: an update after this makes the article pending again.
      readAt: sql<string>`clock_timestamp()::text`.as("read_at"),
    })
    .from(articles)
    .leftJoin(articleEmbeddings, and(eq(articleEmbeddings.articleId, articles.id), eq(articleEmbeddings.model, model)))
    .where(pendingWhere());
}

export async function countPending(db: Db, model: string): Promise<{ pending: number; embedded: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${pendingWhere()})::int`,
      embedded: sql<number>`count(${articleEmbeddings.articleId})::int`,
    })
    .from(articles)
    .leftJoin(articleEmbeddings, and(eq(articleEmbeddings.articleId, articles.id), eq(articleEmbeddings.model, model)));
  return { pending: Number(row.pending), embedded: Number(row.embedded) };
}

export type EmbedResult = { embedded: number; unchanged: number };

/** Embeds up to `batch` pending articles with the configured model. */
export async function embedPending(db: Db, opts: { batch?: number; signal?: AbortSignal } = {}): Promise<EmbedResult> {
  const model = embeddingModel();
  if (!model) return { embedded: 0, unchanged: 0 };
  const rows = await pendingFrom(db, model).orderBy(articles.id).limit(opts.batch ?? 32);
  const texts = rows.map((r) => embeddingText(r));
  const hashes = texts.map((t) => contentHash(model, t));
  const unchanged = rows.filter((r, i) => r.storedHash === hashes[i]).map((r) => r.id);
  const readAt = sql`${rows[0]?.readAt ?? null}::timestamptz`;
  if (unchanged.length) {
    await db
      .update(articleEmbeddings)
      .set({ createdAt: readAt })
      .where(and(eq(articleEmbeddings.model, model), inArray(articleEmbeddings.articleId, unchanged)));
  }
  const todo = rows.flatMap((r, i) => (r.storedHash === hashes[i] ? [] : [{ id: r.id, text: texts[i], hash: hashes[i] }]));
  if (!todo.length) return { embedded: 0, unchanged: unchanged.length };

  const vectors = await embedTexts(
    todo.map((t) => t.text),
    { signal: opts.signal },
  );
  const values = todo.map((t, i) => ({
    articleId: t.id,
    model,
    dimensions: vectors[i].length,
    embedding: vectors[i],
    contentHash: t.hash,
    createdAt: readAt,
  }));
  await db
    .insert(articleEmbeddings)
    .values(values)
    .onConflictDoUpdate({
      target: [articleEmbeddings.articleId, articleEmbeddings.model],
      set: {
        dimensions: sql`excluded.dimensions`,
        embedding: sql`excluded.embedding`,
        contentHash: sql`excluded.content_hash`,
        createdAt: sql`excluded.created_at`,
      },
    });
  await ensureVectorIndex(db, vectors[0].length);
  return { embedded: todo.length, unchanged: unchanged.length };
}
