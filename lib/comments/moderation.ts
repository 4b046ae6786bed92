import "server-only";
// Whether a new or edited comment shows at once or waits for an operator (the 待审核 queue), and why:
// 先审后发 (COMMENTS_MODERATION=pre), a reader's first COMMENTS_REVIEW_FIRST comments, a reader whose comments
// operators often removed lately, a word of the operators' list, the content-safety provider's advice (or its
// silence: fail closed). A hit holds the comment; nothing is dropped.
import { sql } from "drizzle-orm";
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
 * provider's (providerAdvice, asked before the transaction this runs in). One statement reads what decides it: the
 * first word of the list found in the text (matched against the word forms; the list is short, hundreds), the
 * reader's comments removed lately (comments_user_recent_idx), and with COMMENTS_REVIEW_FIRST their comments so far.
 */
export async function holdReason(db: Db | Tx, { userId, content, advice = null, now = new Date() }: { userId: number; content: string; advice?: HoldReason | null; now?: Date }): Promise<HoldReason | null> {
  const config = getConfig();
  const text = wordForm(content);
  const since = new Date(now.getTime() - REMOVED_WINDOW_DAYS * 86_400_000);
  const first = config.COMMENTS_REVIEW_FIRST;
  const [facts] = await db
    .select({
      word: text ? sql<string | null>`(select ${commentWords.word} from ${commentWords} where strpos(${text}, ${commentWords.word}) > 0 limit 1)` : sql<null>`null`,
      removed: sql<number>`(select count(*)::int from ${comments} where ${comments.userId} = ${userId} and ${comments.status} = 'removed' and ${comments.removedAt} >= ${since})`,
      written: first > 0 ? sql<number>`(select count(*)::int from ${comments} where ${comments.userId} = ${userId})` : sql<number>`0`,
    })
    .from(sql`(select 1) as one`);
  if (facts.word) return "word";
  if (advice) return advice;
  if (config.COMMENTS_MODERATION === "pre") return "pre";
  if (Number(facts.removed) >= REMOVED_TO_REVIEW) return "often_removed";
  if (first > 0 && Number(facts.written) < first) return "first";
  return null;
}
