import "server-only";
// The last China-time day a reader was seen (users.active_on): written at most once a day per reader, by the
// first signed-in request (or private digest feed fetch) of the day. The digest worker writes only for readers
// seen within ACTIVE_DAYS (lib/digest/worker.ts). A failure costs the mark, never the request.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { chinaDay } from "@/lib/china-time";
import { errorMessage, log } from "@/lib/log";

export async function markActive(db: Db, user: Pick<User, "id" | "activeOn">, now = new Date()): Promise<void> {
  const today = chinaDay(now);
  if (user.activeOn === today) return;
  try {
    await db
      .update(users)
      .set({ activeOn: today })
      .where(and(eq(users.id, user.id), or(isNull(users.activeOn), lt(users.activeOn, today))));
  } catch (err) {
    log.warn("mark_active_failed", { error: errorMessage(err) });
  }
}
