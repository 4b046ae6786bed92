ALTER TABLE "feed_sources" ADD COLUMN "allow_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_sources" ADD COLUMN "last_added" integer DEFAULT 0 NOT NULL;