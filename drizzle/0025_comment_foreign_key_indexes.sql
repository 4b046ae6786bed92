-- Indexes for the foreign keys that point back into comments and users (ON DELETE SET NULL): deleting a comment
-- sets its replies' reply_to_id null, deleting an account its replies' reply_to_user_id and removals' removed_by.
-- Without them each deletion scanned every comment (2.1 s at 5,000,000: bench/results/comments-plans.md).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "comments_reply_to_idx" ON "comments" USING btree ("reply_to_id") WHERE "comments"."reply_to_id" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "comments_reply_to_user_idx" ON "comments" USING btree ("reply_to_user_id") WHERE "comments"."reply_to_user_id" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "comments_removed_by_idx" ON "comments" USING btree ("removed_by") WHERE "comments"."removed_by" is not null;
