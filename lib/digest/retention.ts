import "server-only";
// A reader's digests are kept HISTORY_DAYS (the privacy policy's 30 days: /digest/{day} shows no older), then the
// hourly retention sweep (lib/privacy/retention.ts) deletes them. The site's digests name no one and stay:
// /daily/{day} is a public page search engines index.
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { chinaDay, chinaDaysBefore } from "@/lib/china-time";
import { HISTORY_DAYS } from "./constants";

/** One pass; answers how many readers' digests went. Idempotent. */
export async function purgeOldDigests(db: Db, now = new Date()): Promise<number> {
  const { rows } = await db.execute(sql`
    delete from digests where user_id is not null and day <= ${chinaDaysBefore(chinaDay(now), HISTORY_DAYS)} returning id`);
  return rows.length;
}
