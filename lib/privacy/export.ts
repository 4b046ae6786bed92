import "server-only";
// A reader's own data as one JSON file (个人信息保护法 article 45; docs/privacy.md has the shape): the profile,
// likes, favourites, comments (with the visible replies others wrote to them, and the reader's reports), reading
// history, summary tasks with their results, the interest labels the feed is personalised with, and the daily
// digests made for them with their settings, and their notifications by Web Push (which kinds, the browsers that
// get them by push service — not the endpoint itself — and the messages of the last week). Only rows of
// this account, and no secret: no password hash, no token, no code, no address. Replies are other readers'
// words: only visible ones on visible articles, never a removed or held one; a report names the comment, not
// its text.
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { articles, commentLikes, commentReports, comments, digests, favorites, notifications, likes, pushMessages, pushSubscriptions, readHistory, summaryTasks, users, userVectors, type DigestSection, type User } from "@/lib/db/schema";
import { timeOf } from "@/lib/digest/schema";
import { toApiUser, type ApiUser } from "@/lib/auth/serialize";
import { readInterests } from "@/lib/recommendations/profile";

/** The export's format name; a change of shape gets a new version. */
export const EXPORT_FORMAT = "shiyue-export/4";

type ArticleRef = { article_id: number; title: string | null; source_url: string | null };

export type AccountExport = {
  format: typeof EXPORT_FORMAT;
  exported_at: string;
  profile: ApiUser & { personalized: boolean };
  /** The 用户协议与隐私政策 agreed to (version = its date) and when; null for an account from before it was asked. */
  consent: { policy_version: string; agreed_at: string } | null;
  likes: (ArticleRef & { liked_at: string })[];
  favorites: (ArticleRef & { favorited_at: string })[];
  comments: (ArticleRef & { id: number; content: string; created_at: string; status: string; reply_to: number | null; edited: boolean; removed_reason: string | null })[];
  replies_received: (ArticleRef & { id: number; reply_to: number; from: string; content: string; created_at: string })[];
  comment_reports: { comment_id: number; reason: string; note: string | null; created_at: string }[];
  comment_likes: { comment_id: number; liked_at: string }[];
  /** 消息: what they were told (the comment named, not quoted), on visible articles. */
  notifications: { kind: string; comment_id: number; article_id: number; count: number; created_at: string; read_at: string | null }[];
  reading_history: (ArticleRef & { first_read_at: string; last_read_at: string; read_times: number })[];
  summary_tasks: { id: string; url: string; method: string; status: string; created_at: string; completed_at: string | null; error: string | null; result: unknown; article_id: number | null }[];
  interests: { labels: { label: string; weight: number }[]; vectors: { model: string; dimensions: number; updated_at: string }[] };
  /** 今日精选: the settings (whether a private feed exists, not its secret) and every digest kept for the reader. */
  digest: {
    enabled: boolean;
    time: string;
    private_feed: boolean;
    digests: { date: string; written_by: string; sections: DigestSection[]; created_at: string; opened_at: string | null }[];
  };
  /** 消息推送: the kinds on, each browser (its push service's host), the messages queued or sent (kept a week). */
  push: {
    replies: boolean;
    digest: boolean;
    browsers: { push_service: string; created_at: string; last_sent_at: string | null }[];
    messages: { kind: string; title: string; body: string; url: string; created_at: string; sent_at: string | null }[];
  };
};

const ref = { articleId: articles.id, title: articles.title, sourceUrl: articles.sourceUrl, hiddenAt: articles.hiddenAt };
/** An article the record points to; one an operator took down shows as my-likes shows it: its title, no link. */
const refOf = (r: { articleId: number; title: string | null; sourceUrl: string | null; hiddenAt: Date | null }): ArticleRef => ({
  article_id: r.articleId,
  title: r.title,
  source_url: r.hiddenAt ? null : r.sourceUrl,
});

/** Everything the account owns, oldest first in each list. */
export async function exportAccount(db: Db, user: User, now = new Date()): Promise<AccountExport> {
  const id = user.id;
  const replier = alias(users, "replier");
  const [liked, favorited, commented, received, reported, likedComments, told, read, tasks, labels, vectors, [fresh], madeDigests, browsers, pushed] = await Promise.all([
    db.select({ ...ref, at: likes.createdAt }).from(likes).innerJoin(articles, eq(articles.id, likes.articleId)).where(eq(likes.userId, id)).orderBy(asc(likes.createdAt), asc(likes.id)),
    db.select({ ...ref, at: favorites.createdAt }).from(favorites).innerJoin(articles, eq(articles.id, favorites.articleId)).where(eq(favorites.userId, id)).orderBy(asc(favorites.createdAt), asc(favorites.id)),
    db
      .select({ ...ref, id: comments.id, content: comments.content, at: comments.createdAt, status: comments.status, replyTo: comments.replyToId, editedAt: comments.editedAt, removedReason: comments.removedReason })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .where(eq(comments.userId, id))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
    db
      .select({ ...ref, id: comments.id, replyTo: comments.replyToId, from: sql<string>`coalesce(${replier.displayName}, ${replier.accountName})`, content: comments.content, at: comments.createdAt })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .innerJoin(replier, eq(replier.id, comments.userId))
      .where(and(eq(comments.replyToUserId, id), ne(comments.userId, id), eq(comments.status, "visible"), isNull(articles.hiddenAt)))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
    db.select().from(commentReports).where(eq(commentReports.reporterId, id)).orderBy(asc(commentReports.createdAt), asc(commentReports.id)),
    db.select().from(commentLikes).where(eq(commentLikes.userId, id)).orderBy(asc(commentLikes.createdAt), asc(commentLikes.commentId)),
    db
      .select({ n: notifications })
      .from(notifications)
      .innerJoin(articles, eq(articles.id, notifications.articleId))
      .where(and(eq(notifications.userId, id), isNull(articles.hiddenAt)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
    db
      .select({ ...ref, first: readHistory.firstReadAt, last: readHistory.readAt, times: readHistory.readTimes })
      .from(readHistory)
      .innerJoin(articles, eq(articles.id, readHistory.articleId))
      .where(eq(readHistory.userId, id))
      .orderBy(asc(readHistory.firstReadAt), asc(readHistory.id)),
    db.select().from(summaryTasks).where(eq(summaryTasks.userId, id)).orderBy(asc(summaryTasks.createdAt), asc(summaryTasks.id)),
    readInterests(db, id, Number.MAX_SAFE_INTEGER, now.getTime()),
    db.select({ model: userVectors.model, dimensions: userVectors.dimensions, at: userVectors.updatedAt }).from(userVectors).where(eq(userVectors.userId, id)),
    db.select().from(users).where(eq(users.id, id)),
    db.select().from(digests).where(eq(digests.userId, id)).orderBy(asc(digests.day)),
    db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id)).orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id)),
    db.select().from(pushMessages).where(eq(pushMessages.userId, id)).orderBy(asc(pushMessages.createdAt), asc(pushMessages.id)),
  ]);
  const account = fresh ?? user;
  return {
    format: EXPORT_FORMAT,
    exported_at: now.toISOString(),
    profile: { ...toApiUser(account), personalized: account.personalized },
    consent: account.termsVersion && account.termsAcceptedAt ? { policy_version: account.termsVersion, agreed_at: account.termsAcceptedAt.toISOString() } : null,
    likes: liked.map((r) => ({ ...refOf(r), liked_at: r.at.toISOString() })),
    favorites: favorited.map((r) => ({ ...refOf(r), favorited_at: r.at.toISOString() })),
    comments: commented.map((r) => ({
      ...refOf(r),
      id: r.id,
      content: r.content,
      created_at: r.at.toISOString(),
      status: r.status,
      reply_to: r.replyTo,
      edited: r.editedAt !== null,
      removed_reason: r.removedReason,
    })),
    replies_received: received.map((r) => ({ ...refOf(r), id: r.id, reply_to: r.replyTo!, from: r.from, content: r.content, created_at: r.at.toISOString() })),
    comment_reports: reported.map((r) => ({ comment_id: r.commentId, reason: r.reason, note: r.note, created_at: r.createdAt.toISOString() })),
    comment_likes: likedComments.map((r) => ({ comment_id: r.commentId, liked_at: r.createdAt.toISOString() })),
    notifications: told.map(({ n }) => ({ kind: n.kind, comment_id: n.commentId, article_id: n.articleId, count: n.count, created_at: n.createdAt.toISOString(), read_at: n.readAt?.toISOString() ?? null })),
    reading_history: read.map((r) => ({ ...refOf(r), first_read_at: r.first.toISOString(), last_read_at: r.last.toISOString(), read_times: r.times })),
    summary_tasks: tasks.map((t) => ({
      id: t.uuid,
      url: t.url,
      method: t.method,
      status: t.status,
      created_at: t.createdAt.toISOString(),
      completed_at: t.completedAt?.toISOString() ?? null,
      error: t.error,
      result: t.result,
      article_id: t.articleId,
    })),
    interests: { labels, vectors: vectors.map((v) => ({ model: v.model, dimensions: v.dimensions, updated_at: v.at.toISOString() })) },
    digest: {
      enabled: account.digestOn,
      time: timeOf(account.digestMinute),
      private_feed: account.digestFeedKey !== null,
      digests: madeDigests.map((d) => ({ date: d.day, written_by: d.writtenBy, sections: d.sections, created_at: d.createdAt.toISOString(), opened_at: d.seenAt?.toISOString() ?? null })),
    },
    push: {
      replies: account.pushReplies,
      digest: account.pushDigest,
      browsers: browsers.map((b) => ({ push_service: new URL(b.endpoint).host, created_at: b.createdAt.toISOString(), last_sent_at: b.lastSentAt?.toISOString() ?? null })),
      messages: pushed.map((m) => ({ kind: m.kind, title: m.title, body: m.body, url: m.url, created_at: m.createdAt.toISOString(), sent_at: m.sentAt?.toISOString() ?? null })),
    },
  };
}

/** The file name a browser saves the export as. */
export const exportFileName = (user: User, now = new Date()) => `shiyue-export-${user.id}-${now.toISOString().slice(0, 10)}.json`;

