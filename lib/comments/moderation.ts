import "server-only";
// Whether a new or edited comment shows at once or waits for an operator (the 待审核 queue), and why:
// 先审后发 (COMMENTS_MODERATION=pre), a reader's first COMMENTS_REVIEW_FIRST comments, a reader whose comments
// operators often removed lately, a word of the operators' list, the content-safety provider's advice (or its
// silence: fail closed). A hit holds the comment; nothing is dropped.
import { and, count, eq, gte, sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import { errorMessage, log } from "@/lib/log";
import type { Db, Tx } from "@/lib/db/client";
import { comments, commentWords } from "@/lib/db/schema";
import { REMOVED_TO_REVIEW, REMOVED_WINDOW_DAYS, type HoldReason } from "./constants";
import { contentSafety, SafetyUnavailableError } from "./safety";

/** Text as words are matched in it: full-width forms folded (NFKC), lower case, spaces and punctuation between letters ignored. */
export function wordForm(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, "");
}

/** The first word of the list found in `content` (in word form), or null. */
export async function sensitiveWordIn(db: Db | Tx, content: string): Promise<string | null> {
  const text = wordForm(content);
  if (!text) return null;
  // The list is short (hundreds): matched in the database, in one statement, against the word forms.
  const [hit] = await db
    .select({ word: commentWords.word })
    .from(commentWords)
    .where(sql`strpos(${text}, ${commentWords.word}) > 0`)
    .limit(1);
  return hit?.word ?? null;
}

/**
 * The content-safety provider's advice on `content` (COMMENTS_SAFETY_PROVIDER), asked outside any transaction (it
 * is a call over the network, up to SAFETY_TIMEOUT_MS): "provider" when it advises review, "provider_unavailable"
 * when it did not answer, null when it passed the text or none is configured.
 */
export async function providerAdvice(content: string, userId: number): Promise<HoldReason | null> {
  const checker = contentSafety();
  if (!checker) return null;
  try {
    const { verdict, labels } = await checker.check(content, { userId });
    if (verdict === "pass") return null;
    log.info("comment held by the content-safety provider", { provider: checker.name, labels });
    return "provider";
  } catch (err) {
    if (!(err instanceof SafetyUnavailableError)) throw err;
    log.warn("content-safety provider unavailable: comment held for review", { provider: checker.name, error: errorMessage(err) });
    return "provider_unavailable";
  }
}

/**
 * Why a comment by `userId` with `content` waits for review, or null when it shows at once. `advice` is the
 * provider's (providerAdvice, asked before the transaction this runs in).
 */
export async function holdReason(db: Db | Tx, { userId, content, advice = null, now = new Date() }: { userId: number; content: string; advice?: HoldReason | null; now?: Date }): Promise<HoldReason | null> {
  const config = getConfig();
  if (await sensitiveWordIn(db, content)) return "word";
  if (advice) return advice;
  if (config.COMMENTS_MODERATION === "pre") return "pre";
  const since = new Date(now.getTime() - REMOVED_WINDOW_DAYS * 86_400_000);
  const [{ removed }] = await db
    .select({ removed: count() })
    .from(comments)
    .where(and(eq(comments.userId, userId), eq(comments.status, "removed"), gte(comments.removedAt, since)));
  if (Number(removed) >= REMOVED_TO_REVIEW) return "often_removed";
  const first = config.COMMENTS_REVIEW_FIRST;
  if (first > 0) {
    const [{ n }] = await db.select({ n: count() }).from(comments).where(eq(comments.userId, userId));
    if (Number(n) < first) return "first";
  }
  return null;
}
