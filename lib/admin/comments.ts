import "server-only";
// The console's 评论 section (docs/comments.md): the 待审核 queue (held comments), the 举报 queue (comments with open
// reports), removed comments kept for the record; approving, removing with a reason its author is told, 禁言, and
// the sensitive-word list. Every change is in the audit log, in its own transaction.
import { and, asc, count, desc, eq, exists, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ApiError } from "@/lib/api/errors";
import { HOLD_REASON_LABELS, REPORT_REASON_LABELS, type HoldReason } from "@/lib/comments/constants";
import { wordForm } from "@/lib/comments/moderation";
import { notify } from "@/lib/comments/notifications";
import { mutedMessage } from "@/lib/comments/service";
import type { Db, Tx } from "@/lib/db/client";
import { articles, commentReports, comments, commentWords, notifications, users, type Comment } from "@/lib/db/schema";
import { audited, type Actor } from "./audit";
import type { CommentQueueQuery } from "./comments-schema";

const author = alias(users, "author");
const gone = () => new ApiError("not_found", "评论不存在");
const openReports = (commentId: typeof comments.id) =>
  sql`(select count(*)::int from ${commentReports} r where r.comment_id = ${commentId} and r.resolved_at is null)`;

/** Comments waiting in 待审核 (held when posted or by reports): the console's 评论 badge, from comments_pending_idx. */
export async function countPendingComments({ db }: { db: Db }): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(comments).where(eq(comments.status, "pending"));
  return Number(n);
}

export type CommentQueueRow = Awaited<ReturnType<typeof listCommentQueue>>["items"][number];

export async function listCommentQueue({ db, query }: { db: Db; query: CommentQueueQuery }) {
  const reported = exists(db.select({ one: sql`1` }).from(commentReports).where(and(eq(commentReports.commentId, comments.id), isNull(commentReports.resolvedAt))));
  const where = query.queue === "pending" ? eq(comments.status, "pending") : query.queue === "removed" ? eq(comments.status, "removed") : and(eq(comments.status, "visible"), reported);
  const order = query.queue === "removed" ? [desc(comments.removedAt), desc(comments.id)] : [asc(comments.createdAt), asc(comments.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: comments.id,
        content: comments.content,
        status: comments.status,
        heldReason: comments.heldReason,
        createdAt: comments.createdAt,
        removedAt: comments.removedAt,
        removedReason: comments.removedReason,
        ipRegion: comments.ipRegion,
        requestIp: comments.requestIp,
        articleId: articles.id,
        title: articles.title,
        userId: author.id,
        name: sql<string | null>`coalesce(${author.displayName}, ${author.accountName})`,
        mutedUntil: author.mutedUntil,
        reports: openReports(comments.id),
      })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .leftJoin(author, eq(author.id, comments.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(comments).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const reasons = ids.length
    ? await db
        .select({ commentId: commentReports.commentId, reason: commentReports.reason, n: count() })
        .from(commentReports)
        .where(and(sql`${commentReports.commentId} = any(${sql.param(ids)}::int[])`, isNull(commentReports.resolvedAt)))
        .groupBy(commentReports.commentId, commentReports.reason)
    : [];
  return {
    items: rows.map((r) => ({
      id: r.id,
      content: r.content,
      status: r.status,
      held_reason: r.heldReason,
      held_label: r.heldReason ? (HOLD_REASON_LABELS[r.heldReason as HoldReason] ?? r.heldReason) : null,
      created_at: r.createdAt.toISOString(),
      removed_at: r.removedAt?.toISOString() ?? null,
      removed_reason: r.removedReason,
      ip_region: r.ipRegion,
      request_ip: r.requestIp,
      article: { id: r.articleId, title: r.title },
      user: r.userId === null ? null : { id: r.userId, display_name: r.name ?? "拾阅用户", muted_until: r.mutedUntil?.toISOString() ?? null },
      report_count: Number(r.reports),
      report_reasons: reasons.filter((x) => x.commentId === r.id).map((x) => ({ reason: x.reason, label: REPORT_REASON_LABELS[x.reason], count: Number(x.n) })),
    })),
    total: Number(total),
  };
}

async function lockComment(tx: Tx, id: number) {
  const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for("update");
  if (!row || row.status === "deleted") throw gone();
  return row;
}

const resolveReports = (tx: Tx, id: number) => tx.update(commentReports).set({ resolvedAt: sql`now()` }).where(and(eq(commentReports.commentId, id), isNull(commentReports.resolvedAt)));

/** A reply held when posted reaches the one it answers when it first shows (once: a reply shown, then held by reports, was told). */
async function tellRepliedTo(tx: Tx, c: Comment) {
  if (c.replyToUserId === null) return;
  const [told] = await tx.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.commentId, c.id), eq(notifications.kind, "reply"))).limit(1);
  if (!told) await notify(tx, { userId: c.replyToUserId, kind: "reply", commentId: c.id, articleId: c.articleId, actorId: c.userId });
}

/** 通过: a held or reported comment shows (again); its open reports are settled. Idempotent. */
export async function approveComment({ db, actor, id }: { db: Db; actor: Actor; id: number }) {
  return audited(db, actor, async (tx) => {
    const c = await lockComment(tx, id);
    if (c.status === "removed") throw new ApiError("conflict", "该评论已被删除，不能再通过");
    const settled = await resolveReports(tx, id).returning({ id: commentReports.id });
    if (c.status === "visible" && !settled.length) return { result: { changed: false, status: c.status }, entry: null };
    await tx.update(comments).set({ status: "visible", heldReason: null }).where(eq(comments.id, id));
    await tellRepliedTo(tx, c);
    return {
      result: { changed: true, status: "visible" },
      entry: { action: "comment.approve", objectType: "comment", objectId: id, before: { status: c.status, held_reason: c.heldReason, reports: settled.length }, after: { status: "visible" } },
    };
  });
}

/** 删除: the comment leaves the thread, its author is told why (消息); kept for the record (COMMENT_RECORD_DAYS). */
export async function removeComment({ db, actor, id, reason }: { db: Db; actor: Actor; id: number; reason: string }) {
  return audited(db, actor, async (tx) => {
    const c = await lockComment(tx, id);
    if (c.status === "removed") return { result: { changed: false, status: c.status }, entry: null };
    await resolveReports(tx, id);
    await tx.update(comments).set({ status: "removed", heldReason: null, removedAt: sql`now()`, removedReason: reason, removedBy: actor.id }).where(eq(comments.id, id));
    await notify(tx, { userId: c.userId, kind: "removed", commentId: id, articleId: c.articleId, actorId: null });
    return {
      result: { changed: true, status: "removed" },
      entry: { action: "comment.remove", objectType: "comment", objectId: id, before: { status: c.status, content: c.content }, after: { status: "removed", reason } },
    };
  });
}

async function lockUser(tx: Tx, id: number) {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  if (!u) throw new ApiError("not_found", "用户不存在");
  return u;
}

/** 禁言 for `hours`: no comments, replies, likes on comments or reports until then. */
export async function muteUser({ db, actor, id, hours, reason, now = new Date() }: { db: Db; actor: Actor; id: number; hours: number; reason: string; now?: Date }) {
  return audited(db, actor, async (tx) => {
    const u = await lockUser(tx, id);
    const until = new Date(now.getTime() + hours * 3_600_000);
    await tx.update(users).set({ mutedUntil: until, mutedReason: reason }).where(eq(users.id, id));
    return {
      result: { muted_until: until.toISOString(), message: mutedMessage(until) },
      entry: { action: "user.mute", objectType: "user", objectId: id, before: { muted_until: u.mutedUntil?.toISOString() ?? null }, after: { muted_until: until.toISOString(), reason } },
    };
  });
}

export async function unmuteUser({ db, actor, id }: { db: Db; actor: Actor; id: number }) {
  return audited(db, actor, async (tx) => {
    const u = await lockUser(tx, id);
    if (!u.mutedUntil) return { result: { changed: false }, entry: null };
    await tx.update(users).set({ mutedUntil: null, mutedReason: null }).where(eq(users.id, id));
    return { result: { changed: true }, entry: { action: "user.unmute", objectType: "user", objectId: id, before: { muted_until: u.mutedUntil.toISOString() }, after: { muted_until: null } } };
  });
}

export async function listWords(db: Db) {
  const rows = await db.select().from(commentWords).orderBy(asc(commentWords.word));
  return { items: rows.map((w) => ({ word: w.word, created_at: w.createdAt.toISOString() })), total: rows.length };
}

/** Adds a word in the form comments are matched in (full-width folded, lower case, no spaces or punctuation). */
export async function addWord({ db, actor, word }: { db: Db; actor: Actor; word: string }) {
  const form = wordForm(word);
  if (!form) throw new ApiError("bad_request", "敏感词须包含文字或数字");
  return audited(db, actor, async (tx) => {
    const added = await tx.insert(commentWords).values({ word: form }).onConflictDoNothing().returning({ word: commentWords.word });
    if (!added.length) return { result: { word: form, added: false }, entry: null };
    return { result: { word: form, added: true }, entry: { action: "comment_word.add", objectType: "comment_word", objectId: form, after: { word: form } } };
  });
}

export async function removeWord({ db, actor, word }: { db: Db; actor: Actor; word: string }) {
  const form = wordForm(word);
  return audited(db, actor, async (tx) => {
    const gone = await tx.delete(commentWords).where(eq(commentWords.word, form)).returning({ word: commentWords.word });
    if (!gone.length) throw new ApiError("not_found", "词表中没有这个词");
    return { result: { word: form, removed: true }, entry: { action: "comment_word.remove", objectType: "comment_word", objectId: form, before: { word: form } } };
  });
}
