import "server-only";
// Writing comments: post (a root or a reply), edit within COMMENT_EDIT_MS, delete, like, report. Only signed-in
// readers with a proven phone who are not 禁言 may write (后台实名，前台自愿: the phone is never shown). Every
// write checks that the comment is the caller's where it must be, that its article is visible, and spends the
// abuse budget first (lib/comments/budget.ts).
import { and, count, eq, ne, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { articles, commentLikes, commentReports, comments, type User } from "@/lib/db/schema";
import { foreignKeyViolation } from "@/lib/db/errors";
import { requireVisibleArticle } from "@/lib/interactions/records";
import { spendComment, spendCommentEdit, spendCommentLike, spendReport } from "./budget";
import { COMMENT_EDIT_MS, COMMENT_MAX_LINKS, REPORTS_TO_HOLD } from "./constants";
import { ipRegion } from "./ip-region";
import { holdReason, providerAdvice } from "./moderation";
import { notify } from "./notifications";
import type { CommentBody, ReportBody } from "./schema";
import { commentById, commentGone } from "./thread";

export const PHONE_REQUIRED = "发表评论前请先验证手机号";

/** 禁言's message, with the time it ends (China time). */
export function mutedMessage(until: Date): string {
  const at = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false }).format(until);
  return `你已被禁言至 ${at}，暂时不能评论、点赞评论或举报`;
}

/** Throws unless `user` may write: a proven phone, not 禁言. */
export function requireCommenter(user: User, now = new Date()): void {
  if (!user.phoneVerifiedAt) throw new ApiError("forbidden", PHONE_REQUIRED, {}, { phone: "required" });
  if (user.mutedUntil && user.mutedUntil > now) throw new ApiError("forbidden", mutedMessage(user.mutedUntil), {}, { muted_until: user.mutedUntil.toISOString() });
}

const LINK = /\bhttps?:\/\/|\bwww\./gi;

export function linkCount(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

function checkLinks(content: string) {
  if (linkCount(content) > COMMENT_MAX_LINKS) throw new ApiError("bad_request", `一条评论最多包含 ${COMMENT_MAX_LINKS} 个链接`);
}

/** The comment a reply answers, on the same article; its root is the reply's root. */
async function replyTarget(tx: Tx, articleId: number, id: number) {
  const [target] = await tx
    .select({ id: comments.id, articleId: comments.articleId, rootId: comments.rootId, userId: comments.userId, status: comments.status })
    .from(comments)
    .where(eq(comments.id, id));
  if (!target || target.articleId !== articleId || target.status !== "visible") throw new ApiError("not_found", "回复的评论不存在或已被删除");
  return target;
}

export async function postComment({ db, user, articleId, body, ip, proof, now = new Date() }: { db: Db; user: User; articleId: number; body: CommentBody; ip: string; proof: string | null; now?: Date }) {
  requireCommenter(user, now);
  checkLinks(body.content);
  await requireVisibleArticle(db, articleId);
  const spending = await spendComment({ db, userId: user.id, ip, content: body.content, proof, now });
  try {
    // After the budget, so a burst cannot spend the provider's calls either.
    const advice = await providerAdvice(body.content, user.id);
    const id = await db.transaction(async (tx) => {
      await requireVisibleArticle(tx, articleId);
      const target = body.reply_to ? await replyTarget(tx, articleId, body.reply_to) : null;
      const held = await holdReason(tx, { userId: user.id, content: body.content, advice, now });
      const [row] = await tx
        .insert(comments)
        .values({
          userId: user.id,
          articleId,
          rootId: target ? (target.rootId ?? target.id) : null,
          replyToId: target?.id ?? null,
          replyToUserId: target?.userId ?? null,
          content: body.content,
          status: held ? "pending" : "visible",
          heldReason: held,
          ipRegion: ipRegion(ip),
          requestIp: ip,
          createdAt: now,
        })
        .returning({ id: comments.id });
      if (target && !held) await notify(tx, { userId: target.userId, kind: "reply", commentId: row.id, articleId, actorId: user.id });
      return row.id;
    });
    return commentById(db, id, user.id, { justWritten: true });
  } catch (err) {
    // Nothing was posted: the budget goes back (an article deleted meanwhile is a 404).
    await spending.giveBack();
    if (foreignKeyViolation(err)) throw new ApiError("not_found", "文章不存在");
    throw err;
  }
}

/** The caller's own comment, locked; a 404 for anyone else's (never revealing that it exists). */
async function ownComment(tx: Tx, id: number, userId: number) {
  const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for("update");
  if (!row || row.userId !== userId || row.status === "deleted") throw commentGone();
  return row;
}

export async function editComment({ db, user, id, content, now = new Date() }: { db: Db; user: User; id: number; content: string; now?: Date }) {
  requireCommenter(user, now);
  checkLinks(content);
  const spending = await spendCommentEdit({ db, userId: user.id, now });
  try {
    const advice = await providerAdvice(content, user.id);
    await db.transaction(async (tx) => {
      const row = await ownComment(tx, id, user.id);
      if (row.status === "removed") throw new ApiError("conflict", "该评论已被管理员删除，不能编辑");
      if (now.getTime() - row.createdAt.getTime() >= COMMENT_EDIT_MS) throw new ApiError("conflict", "评论发表超过 5 分钟，不能再编辑");
      await requireVisibleArticle(tx, row.articleId);
      if (content === row.content) return;
      // An edit is checked like a new comment: a word of the list (or the provider) holds it again.
      const held = await holdReason(tx, { userId: user.id, content, advice, now });
      const stays = row.status === "pending" || held !== null;
      await tx
        .update(comments)
        .set({ content, editedAt: now, status: stays ? "pending" : "visible", heldReason: stays ? (held ?? row.heldReason) : null })
        .where(eq(comments.id, id));
      // The article's row version moves, so its kept page (lib/server/permalink-cache.ts) shows the edit within
      // COUNTERS_MAX_AGE_MS, as a new comment's count does.
      // (Raw SQL: Drizzle's update would also move updated_at, which means an edit of the article itself.)
      await tx.execute(sql`update ${articles} set comment_cnt = comment_cnt where id = ${row.articleId}`);
    });
  } catch (err) {
    await spending.giveBack();
    throw err;
  }
  return commentById(db, id, user.id);
}

/**
 * Deletes the caller's comment: a root with replies stays as 该评论已删除 above them (its text gone), anything
 * else goes with its likes, reports and notifications.
 */
export async function deleteComment({ db, user, id }: { db: Db; user: User; id: number }) {
  await db.transaction(async (tx) => {
    const row = await ownComment(tx, id, user.id);
    await removeAsAuthor(tx, row);
  });
  return { deleted: true };
}

/** What deleting one's comment (or one's account) does to it. */
export async function removeAsAuthor(tx: Tx, row: { id: number; rootId: number | null }) {
  const [{ n }] = row.rootId === null ? await tx.select({ n: count() }).from(comments).where(eq(comments.rootId, row.id)) : [{ n: 0 }];
  if (Number(n) > 0) {
    await tx.update(comments).set({ status: "deleted", content: "", heldReason: null, ipRegion: null, requestIp: null }).where(eq(comments.id, row.id));
    await tx.delete(commentLikes).where(eq(commentLikes.commentId, row.id));
  } else {
    await tx.delete(comments).where(eq(comments.id, row.id));
  }
}

/** A visible comment on a visible article, locked for the like or report that follows. */
async function visibleComment(tx: Tx, id: number) {
  const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for("update");
  if (!row || row.status !== "visible") throw commentGone();
  await requireVisibleArticle(tx, row.articleId);
  return row;
}

/** Likes a visible comment, or unlikes it when the caller already does. */
export async function toggleCommentLike({ db, user, id, now = new Date() }: { db: Db; user: User; id: number; now?: Date }) {
  requireCommenter(user, now);
  const spending = await spendCommentLike({ db, userId: user.id, now });
  try {
    return await db.transaction(async (tx) => {
      const row = await visibleComment(tx, id);
      const added = await tx.insert(commentLikes).values({ commentId: id, userId: user.id }).onConflictDoNothing().returning({ at: commentLikes.createdAt });
      if (added.length) await notify(tx, { userId: row.userId, kind: "like", commentId: id, articleId: row.articleId, actorId: user.id });
      else await tx.delete(commentLikes).where(and(eq(commentLikes.commentId, id), eq(commentLikes.userId, user.id)));
      const [{ likeCnt }] = await tx.select({ likeCnt: comments.likeCnt }).from(comments).where(eq(comments.id, id));
      return { action: added.length ? ("liked" as const) : ("unliked" as const), like_cnt: likeCnt };
    });
  } catch (err) {
    await spending.giveBack();
    throw err;
  }
}

/**
 * 举报: one per reader and comment, never one's own. When REPORTS_TO_HOLD different readers have reported a
 * visible comment, it waits for an operator (held_reason reports) and leaves the thread.
 */
export async function reportComment({ db, user, id, body, now = new Date() }: { db: Db; user: User; id: number; body: ReportBody; now?: Date }) {
  requireCommenter(user, now);
  const spending = await spendReport({ db, userId: user.id, now });
  try {
    return await db.transaction(async (tx) => {
      const row = await visibleComment(tx, id);
      if (row.userId === user.id) throw new ApiError("bad_request", "不能举报自己的评论");
      const added = await tx
        .insert(commentReports)
        .values({ commentId: id, reporterId: user.id, reason: body.reason, note: body.note })
        .onConflictDoNothing()
        .returning({ id: commentReports.id });
      if (!added.length) return { reported: true, already: true };
      // Open reports by readers other than the author (the row is locked: concurrent reports count one by one).
      const [{ n }] = await tx
        .select({ n: count() })
        .from(commentReports)
        .where(and(eq(commentReports.commentId, id), sql`${commentReports.resolvedAt} is null`, row.userId === null ? sql`true` : ne(commentReports.reporterId, row.userId)));
      if (Number(n) >= REPORTS_TO_HOLD) await tx.update(comments).set({ status: "pending", heldReason: "reports" }).where(eq(comments.id, id));
      return { reported: true, already: false };
    });
  } catch (err) {
    await spending.giveBack();
    throw err;
  }
}
