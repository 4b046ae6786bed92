CREATE TABLE "user_interests" (
	"user_id" integer NOT NULL,
	"term" text NOT NULL,
	"weight" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_interests_user_id_term_pk" PRIMARY KEY("user_id","term")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personalized" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_interests" ADD CONSTRAINT "user_interests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_interests_user_weight_idx" ON "user_interests" USING btree ("user_id","weight" DESC NULLS LAST);