import "server-only";
// The comment object of the API (docs/api.md "Comments"): never the author's phone, address or account state.
import { COMMENT_EDIT_MS } from "./constants";
import type { CommentStatus } from "@/lib/db/schema";

/** A comments row with its author's and its addressee's public names, as the thread queries select it. */
export type CommentRow = {
  id: number;
  articleId: number;
  rootId: number | null;
  replyToId: number | null;
  userId: number | null;
  content: string;
  status: CommentStatus;
  likeCnt: number;
  replyCount: number;
  ipRegion: string | null;
  editedAt: Date | null;
  removedReason: string | null;
  createdAt: Date;
  authorName: string | null;
  authorAvatar: string | null;
  replyToUserId: number | null;
  replyToName: string | null;
};

export type CommentUser = { id: number; display_name: string; avatar_url: string | null };

export type CommentObject = {
  id: number;
  article_id: number;
  root_id: number | null;
  content: string;
  status: CommentStatus;
  created_at: string;
  edited: boolean;
  like_cnt: number;
  reply_count: number;
  is_liked: boolean;
  is_mine: boolean;
  /** The author may still edit it (within COMMENT_EDIT_MS). */
  can_edit: boolean;
  ip_region: string | null;
  user: CommentUser | null;
  reply_to: { id: number | null; user_id: number | null; display_name: string } | null;
  /** Only to its author, for a comment an operator removed. */
  removed_reason?: string | null;
  replies?: CommentObject[];
};

export function commentObject(row: CommentRow, viewer: { userId: number | null; liked: Set<number>; now?: Date }): CommentObject {
  const now = viewer.now ?? new Date();
  const mine = viewer.userId !== null && row.userId === viewer.userId;
  const gone = row.status === "deleted";
  return {
    id: row.id,
    article_id: row.articleId,
    root_id: row.rootId,
    content: gone ? "" : row.content,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    edited: row.editedAt !== null,
    like_cnt: row.likeCnt,
    reply_count: row.replyCount,
    is_liked: viewer.liked.has(row.id),
    is_mine: mine,
    can_edit: mine && (row.status === "visible" || row.status === "pending") && now.getTime() - row.createdAt.getTime() < COMMENT_EDIT_MS,
    ip_region: gone ? null : row.ipRegion,
    user: gone || row.userId === null ? null : { id: row.userId, display_name: row.authorName ?? "拾阅用户", avatar_url: row.authorAvatar },
    // A reply names the comment it answers and that comment's author (the client shows 回复 @某人 when that is not
    // the root); an author who deleted their account is 已注销用户.
    reply_to: row.rootId === null ? null : { id: row.replyToId, user_id: row.replyToUserId, display_name: row.replyToUserId === null ? "已注销用户" : (row.replyToName ?? "拾阅用户") },
    ...(mine && row.status === "removed" ? { removed_reason: row.removedReason } : {}),
  };
}
