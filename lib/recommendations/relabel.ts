import "server-only";
// Rebuilds the interest profiles made by earlier labelling rules (users.labels_version below LABELS_VERSION;
// migration 0026 marked every account there was): each such reader's labels are dropped and learnt again,
// with today's rules, from what they did — likes, favourites and first readings at their own times — in one
// transaction per reader, so a profile is never seen half rebuilt. Runs at start-up, a batch at a time; a
// reader with personalisation off keeps no labels (learnLabels() skips them); the taste vector is left as it is and is only marked.
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { favorites, likes, readHistory, userInterests, users } from "@/lib/db/schema";
import { interestStats, learnLabels, type Act } from "./profile";

/** The labelling rules of terms.ts; raise it when they change, and the profiles are rebuilt. */
export const LABELS_VERSION = 1;
const BATCH = 100;

/** Rebuilds every profile of an older version; how many readers were rebuilt. */
export async function relabelProfiles(db: Db): Promise<number> {
  const stats = await interestStats(db);
  let done = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: users.id })
      .from(users)
      .where(and(lt(users.labelsVersion, LABELS_VERSION), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const { id } of batch) {
      await db.transaction(async (tx) => {
        // Locks the reader's row: an action of theirs meanwhile waits, and is then learnt on top.
        const [row] = await tx.select({ v: users.labelsVersion }).from(users).where(eq(users.id, id)).for("update");
        if (!row || row.v >= LABELS_VERSION) return;
        const acts: Act[] = [
          ...(await tx.select({ articleId: likes.articleId, at: likes.createdAt }).from(likes).where(eq(likes.userId, id))).map((r) => ({ ...r, signal: "like" as const })),
          ...(await tx.select({ articleId: favorites.articleId, at: favorites.createdAt }).from(favorites).where(eq(favorites.userId, id))).map((r) => ({ ...r, signal: "favorite" as const })),
          ...(await tx.select({ articleId: readHistory.articleId, at: readHistory.firstReadAt }).from(readHistory).where(eq(readHistory.userId, id))).map((r) => ({ ...r, signal: "read" as const })),
        ];
        await tx.delete(userInterests).where(eq(userInterests.userId, id));
        await learnLabels(tx, stats, id, acts);
        await tx.update(users).set({ labelsVersion: sql`${LABELS_VERSION}` }).where(eq(users.id, id));
        done++;
      });
    }
    if (batch.length < BATCH) return done;
    after = batch[batch.length - 1].id;
  }
}
