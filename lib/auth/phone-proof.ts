import "server-only";
// Proving a phone number with a code sent by lib/auth/sms-send.ts (5 minutes, single use, at most 5 wrong tries),
// shared by code login, registration, binding a number and setting a password by code. The check and the work
// the proof allows run in one transaction, serialized per number: a wrong try is committed (and counted) even
// though the call fails; if the work fails, nothing it did stays and the code is not used up.
import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import type { Tx } from "@/lib/db/client";
import { smsCodes, users, type User } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { SMS_MAX_WRONG_TRIES } from "./constants";
import { codeHash } from "./sms-code";

type Verdict = "ok" | "expired" | "wrong" | "locked";

const REFUSED: Record<Exclude<Verdict, "ok">, string> = {
  expired: MSG.codeExpired,
  locked: MSG.codeTooManyTries,
  wrong: MSG.codeWrong,
};

/** Checks a code (its hash) against the phone's latest unused code; a right one is used up, a wrong one counted. */
async function checkCode(tx: Tx, phone: string, expected: Buffer, now: Date): Promise<Verdict> {
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for("update");
  if (!row || row.expiresAt <= now) return "expired";
  if (row.attempts >= SMS_MAX_WRONG_TRIES) return "locked";
  if (!timingSafeEqual(Buffer.from(row.codeHash, "hex"), expected)) {
    await tx.update(smsCodes).set({ attempts: row.attempts + 1 }).where(eq(smsCodes.id, row.id));
    return "wrong";
  }
  await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, row.id));
  return "ok";
}

/**
 * Runs `work` once `code` proved `phone`, in the same transaction (400 with the code message otherwise). Every
 * claim of one number (code login, registration, binding) is serialized by a per-number lock.
 */
export async function withPhoneProof<T>(
  { phone, code, now = new Date() }: { phone: string; code: string; now?: Date },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  // Before the transaction: the key may be read from the database (PGlite has one connection).
  const expected = Buffer.from(await codeHash(phone, code), "hex");
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-claim:${phone}`}))`);
    const verdict = await checkCode(tx, phone, expected, now);
    return verdict === "ok" ? { verdict, value: await work(tx) } : { verdict };
  });
  if (outcome.verdict !== "ok") throw new ApiError("bad_request", REFUSED[outcome.verdict]);
  return (outcome as { value: T }).value;
}

/**
 * Who may keep `phone` once its owner proved it: the account holding it proven (returned), or nobody — an account
 * holding it unproven loses it here (its phone_number becomes null), so the proven claim can take it.
 */
export async function provenHolder(tx: Tx, phone: string): Promise<User | null> {
  const [holder] = await tx.select().from(users).where(eq(users.phoneNumber, phone)).for("update");
  if (!holder) return null;
  if (holder.phoneVerifiedAt) return holder;
  await tx.update(users).set({ phoneNumber: null, updatedAt: new Date() }).where(eq(users.id, holder.id));
  return null;
}
