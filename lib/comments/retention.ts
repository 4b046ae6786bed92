import "server-only";
// Removed comments are kept COMMENT_RECORD_DAYS for the record (《互联网跟帖评论服务管理规定》 and 网络安全法
// 第二十一条: at least six months), then the hourly retention sweep (lib/privacy/retention.ts) purges them. A removed
// comment nobody replied under goes with its likes, reports and notifications; a removed root others replied under
// keeps its row, emptied (text, address, 属地), so the replies keep their place and stay as they were.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { comments } from "@/lib/db/schema";
import { COMMENT_RECORD_DAYS } from "./constants";

/** One pass; answers how many removed comments were purged (deleted or emptied). Idempotent. */
export async function purgeRemovedComments(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - COMMENT_RECORD_DAYS * 86_400_000);
  // From comments_removed_idx: only removed comments past the cut-off are read.
  const due = and(eq(comments.status, "removed"), lt(comments.removedAt, cutoff));
  const hasReplies = sql`exists (select 1 from ${comments} r where r.root_id = ${comments.id})`;
  const deleted = await db.delete(comments).where(and(due, sql`not ${hasReplies}`)).returning({ id: comments.id });
  const emptied = await db
    .update(comments)
    .set({ content: "", requestIp: null, ipRegion: null })
    .where(and(due, hasReplies, sql`(${comments.content} <> '' or ${comments.requestIp} is not null)`))
    .returning({ id: comments.id });
  return deleted.length + emptied.length;
}
