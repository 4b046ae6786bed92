import "server-only";
// What the model may cost (docs/digest.md "Cost"): one call per digest — a reader's or the site's, made once a
// day — and at most DIGEST_DAILY_LIMIT calls a China-time day across the site, counted in daily_counters
// before the call (a failed call has cost too). Past the cap, digests are the local engine's.
import { sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import { chatModel } from "@/lib/ai/chat";
import type { Db } from "@/lib/db/client";

/** daily_counters.name of the model calls made for digests. */
export const MODEL_CALLS = "digest_model_calls";

/** Takes one model call of `day`'s budget: false when no model is configured or the cap is reached. */
export async function spendModelCall(db: Db, day: string): Promise<boolean> {
  if (!chatModel()) return false;
  const limit = getConfig().DIGEST_DAILY_LIMIT;
  if (limit < 1) return false;
  const { rows } = await db.execute<{ value: number }>(sql`
    insert into daily_counters (day, name, value) values (${day}, ${MODEL_CALLS}, 1)
    on conflict (day, name) do update set value = daily_counters.value + 1 where daily_counters.value < ${limit}
    returning value`);
  return rows.length > 0;
}

/** Model calls spent on `day`. */
export async function modelCallsOn(db: Db, day: string): Promise<number> {
  const { rows } = await db.execute<{ value: number }>(sql`select value from daily_counters where day = ${day} and name = ${MODEL_CALLS}`);
  return rows[0]?.value ?? 0;
}
