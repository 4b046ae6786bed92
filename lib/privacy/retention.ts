import "server-only";
// Keeping personal data no longer than the privacy policy says (docs/privacy.md "How long"): every hour the web
// process (with RUN_WORKER) or `npm run worker` removes SMS codes — a phone number with the address that asked —
// older than SMS_CODE_RETENTION_DAYS, rate-limit rows (addresses, names typed at a login) a day after they
// expired, comments operators removed once their record time is over (lib/comments/retention.ts), and readers' digests after
// 30 days (lib/digest/retention.ts). Idempotent deletes: several processes sweeping the same database do no harm. sms_codes holds at most
// SMS_DAILY_LIMIT rows a day (2,000 by default), so the sweep's scan stays small without an index of its own.
import { lt } from "drizzle-orm";
import { purgeExpired } from "@/lib/api/rate-limit";
import { purgeRemovedComments } from "@/lib/comments/retention";
import { purgeOldDigests } from "@/lib/digest/retention";
import type { Db } from "@/lib/db/client";
import { smsCodes } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { SMS_CODE_RETENTION_DAYS } from "./policy";

const SWEEP_EVERY_MS = 3_600_000;

/** One sweep; answers how many SMS codes, removed comments and readers' digests went. */
export async function sweepRetention(db: Db, now = new Date()): Promise<{ smsCodes: number; removedComments: number; digests: number }> {
  const cutoff = new Date(now.getTime() - SMS_CODE_RETENTION_DAYS * 86_400_000);
  const gone = await db.delete(smsCodes).where(lt(smsCodes.createdAt, cutoff)).returning({ id: smsCodes.id });
  await purgeExpired(db, now);
  const removedComments = await purgeRemovedComments(db, now);
  const digests = await purgeOldDigests(db, now);
  return { smsCodes: gone.length, removedComments, digests };
}

const g = globalThis as typeof globalThis & { __shiyueRetention?: NodeJS.Timeout };

/** Sweeps once a minute after start-up, then every hour, until stopRetentionSweep. */
export function startRetentionSweep(getDb: () => Promise<Db>): void {
  if (g.__shiyueRetention) return;
  const run = async () => {
    try {
      const { smsCodes: codes, removedComments, digests } = await sweepRetention(await getDb());
      if (codes || removedComments || digests) log.info("retention sweep", { sms_codes: codes, removed_comments: removedComments, digests });
    } catch (err) {
      log.error("retention sweep failed", { error: errorMessage(err) });
    }
  };
  g.__shiyueRetention = setTimeout(function tick() {
    void run().finally(() => {
      if (g.__shiyueRetention) g.__shiyueRetention = setTimeout(tick, SWEEP_EVERY_MS).unref();
    });
  }, 60_000).unref();
}

export function stopRetentionSweep(): void {
  clearTimeout(g.__shiyueRetention);
  g.__shiyueRetention = undefined;
}
