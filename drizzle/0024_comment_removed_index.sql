-- The console's 已删除 queue (newest removal first) and the retention sweep (removed comments older than
-- COMMENT_RECORD_DAYS) read removed comments by removed_at alone (comments is a big table: CONCURRENTLY).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "comments_removed_idx" ON "comments" USING btree ("removed_at") WHERE "comments"."status" = 'removed';
