import "server-only";
// Notifications waiting to be pushed (issue 45), written in the transaction of what caused them: a reply to the
// reader's comment (lib/comments/notifications.ts), today's digest made by the worker (lib/digest/worker.ts).
// Only for a reader with a subscribed browser and that kind on, and at most DAILY_PUSHES a day, so a busy thread
// cannot buzz a phone all day; the push worker (sender.ts) sends them.
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { pushMessages, pushSubscriptions, users, type PushKind } from "@/lib/db/schema";
import { wakePushWorker } from "./wake";

/** Notifications one reader gets in 24 hours at most (the rest are still in 消息). */
export const DAILY_PUSHES = 20;

export type PushContent = { title: string; body: string; url: string };

/**
 * Queues a notification for `userId` when they want it; whether it was queued. The reader's row is locked for the
 * count and the insert, so replies arriving together cannot all pass the daily cap (one transaction at a time per
 * reader). Inside the causing transaction it is a savepoint of it, else a transaction of its own.
 */
export async function queuePush(db: Db | Tx, userId: number, kind: PushKind, content: PushContent, now = new Date()): Promise<boolean> {
  return db.transaction((tx) => queueIn(tx, userId, kind, content, now));
}

async function queueIn(tx: Tx, userId: number, kind: PushKind, content: PushContent, now: Date): Promise<boolean> {
  const [reader] = await tx
    .select({ replies: users.pushReplies, digest: users.pushDigest, browsers: sql<number>`(select count(*)::int from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})` })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!reader || reader.browsers === 0 || !(kind === "reply" ? reader.replies : reader.digest)) return false;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(pushMessages)
    .where(and(eq(pushMessages.userId, userId), gte(pushMessages.createdAt, new Date(now.getTime() - 86_400_000))));
  if (n >= DAILY_PUSHES) return false;
  // Due from `now` on this clock (the sender compares with its own: the database's now() could be a microsecond ahead).
  await tx.insert(pushMessages).values({ userId, kind, title: content.title.slice(0, 80), body: content.body.slice(0, 200), url: content.url, dueAt: now, createdAt: now });
  wakePushWorker();
  return true;
}
