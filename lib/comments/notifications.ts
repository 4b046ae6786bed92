import "server-only";
// 消息: what happened to my comments — a reply, likes (one unread row per comment, counting them), a removal with
// its reason. Written in the transaction of what caused it; never about oneself. A hidden article's notifications
// are not listed (nor counted) while it is hidden.
import { and, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "@/lib/db/client";
import { articles, comments, notifications, users, type NotificationKind } from "@/lib/db/schema";
import { COMMENT_DELETED_TEXT, NOTIFICATIONS_SHOWN, UNREAD_COUNTED } from "./constants";
import type { PageQuery } from "./schema";
import { descLast } from "./thread";
import { queuePush } from "@/lib/push/outbox";

/** Tells `userId` about `commentId` (their comment, or the reply to it); likes on an unread row add to its count. */
export async function notify(tx: Db | Tx, n: { userId: number | null; kind: NotificationKind; commentId: number; articleId: number; actorId: number | null }) {
  if (n.userId === null || n.userId === n.actorId) return;
  const values = { userId: n.userId, kind: n.kind, commentId: n.commentId, articleId: n.articleId, actorId: n.actorId };
  if (n.kind !== "like") {
    await tx.insert(notifications).values(values);
    if (n.kind === "reply") await pushReply(tx, n.userId, n.commentId, n.articleId, n.actorId);
    return;
  }
  await tx
    .insert(notifications)
    .values(values)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.commentId],
      targetWhere: sql`${notifications.kind} = 'like' and ${notifications.readAt} is null`,
      set: { count: sql`${notifications.count} + 1`, actorId: n.actorId, updatedAt: sql`now()` },
    });
}

/** A reply also reaches the reader's subscribed browsers (lib/push): who replied, the reply's first words. */
async function pushReply(tx: Db | Tx, userId: number, commentId: number, articleId: number, actorId: number | null) {
  const [row] = await tx
    .select({ content: comments.content, name: sql<string>`coalesce(${users.displayName}, ${users.accountName})` })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, commentId));
  if (!row) return;
  const who = actorId ? row.name : "有人";
  await queuePush(tx, userId, "reply", { title: `${who} 回复了你的评论`, body: row.content.replace(/\s+/g, " ").slice(0, 100), url: `/articles/${articleId}#comment-${commentId}` });
}

const actor = alias(users, "actor");
const visible = and(isNull(articles.hiddenAt));

export type NotificationObject = {
  id: number;
  kind: NotificationKind;
  read: boolean;
  created_at: string;
  updated_at: string;
  /** Likes grouped in this one. */
  count: number;
  actor: { id: number; display_name: string; avatar_url: string | null } | null;
  article: { id: number; title: string };
  comment: { id: number; root_id: number | null; content: string; status: string; removed_reason: string | null };
};

/**
 * How many notifications match `where`, counting no further than `cap`: read along the reader's index in the list's
 * order (a Seq Scan otherwise looked cheap to the planner, and would read everyone's rows before a popular
 * author's latest).
 */
async function cappedCount(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const shown = db
    .select({ one: sql`1` })
    .from(notifications)
    .innerJoin(articles, eq(articles.id, notifications.articleId))
    .where(where)
    .orderBy(descLast(notifications.updatedAt), descLast(notifications.id))
    .limit(cap)
    .as("shown");
  const [{ n }] = await db.select({ n: count() }).from(shown);
  return Number(n);
}

export async function listNotifications({ db, userId, query }: { db: Db; userId: number; query: PageQuery }) {
  const where = and(eq(notifications.userId, userId), visible);
  const offset = (query.page - 1) * query.limit;
  const [rows, total, unread] = await Promise.all([
    offset >= NOTIFICATIONS_SHOWN ? Promise.resolve([]) : db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        updatedAt: notifications.updatedAt,
        count: notifications.count,
        actorId: actor.id,
        actorName: sql<string | null>`coalesce(${actor.displayName}, ${actor.accountName})`,
        actorAvatar: actor.avatarUrl,
        articleId: articles.id,
        title: articles.title,
        commentId: comments.id,
        rootId: comments.rootId,
        content: comments.content,
        status: comments.status,
        removedReason: comments.removedReason,
      })
      .from(notifications)
      .innerJoin(articles, eq(articles.id, notifications.articleId))
      .innerJoin(comments, eq(comments.id, notifications.commentId))
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .where(where)
      .orderBy(descLast(notifications.updatedAt), descLast(notifications.id))
      .limit(Math.min(query.limit, NOTIFICATIONS_SHOWN - offset))
      .offset(offset),
    cappedCount(db, where, NOTIFICATIONS_SHOWN),
    unreadCount(db, userId),
  ]);
  const items: NotificationObject[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    read: r.readAt !== null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    count: r.count,
    actor: r.actorId === null ? null : { id: r.actorId, display_name: r.actorName ?? "拾阅用户", avatar_url: r.actorAvatar },
    article: { id: r.articleId, title: r.title },
    // A reply that is no longer visible is not quoted (removed, deleted or waiting); my own removed comment is, with its reason.
    comment: {
      id: r.commentId,
      root_id: r.rootId,
      content: r.status === "visible" || (r.kind === "removed" && r.status === "removed") ? r.content : COMMENT_DELETED_TEXT,
      status: r.status,
      removed_reason: r.kind === "removed" ? r.removedReason : null,
    },
  }));
  return { items, total, unread };
}

/** Unread notifications on visible articles (the header's badge), up to UNREAD_COUNTED. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  return cappedCount(db, and(eq(notifications.userId, userId), isNull(notifications.readAt), visible), UNREAD_COUNTED);
}

/** Marks the reader's notifications read: the ones named, or all. Answers the unread count left. */
export async function markRead({ db, userId, ids }: { db: Db; userId: number; ids?: number[] }) {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(ids ? and(mine, inArray(notifications.id, ids.length ? ids : [0])) : mine);
  return { unread: await unreadCount(db, userId) };
}
