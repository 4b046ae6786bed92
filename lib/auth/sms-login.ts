import "server-only";
// Code login: signing in with a code sent by lib/auth/sms-send.ts (5 minutes, single use, at most 5 wrong
// tries). The first code login of an unknown phone creates its account, without a password.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { uniqueViolation } from "@/lib/db/errors";
import { smsCodes } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { SMS_MAX_WRONG_TRIES } from "./constants";
import { findUserByPhone, insertUser } from "./queries";
import { codeHash } from "./sms-code";
import { authResult, conflictFor, type AuthResult } from "./service";

type Verdict = "ok" | "expired" | "wrong" | "locked";

export async function loginWithSms({ phone, code, now = new Date() }: { phone: string; code: string; now?: Date }): Promise<AuthResult> {
  const db = await getDb();
  const expected = Buffer.from(await codeHash(phone, code), "hex");
  // The verdict is committed before answering, so a wrong try is counted even though the call fails.
  const verdict: Verdict = await db.transaction(async (tx) => {
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
  });
  if (verdict === "expired") throw new ApiError("bad_request", MSG.codeExpired);
  if (verdict === "locked") throw new ApiError("bad_request", MSG.codeTooManyTries);
  if (verdict === "wrong") throw new ApiError("bad_request", MSG.codeWrong);

  const user = (await findUserByPhone({ db, phone })) ?? (await createPhoneUser(phone));
  return authResult(user);
}

/** A password-less account for a phone that signs in by code for the first time. */
async function createPhoneUser(phone: string) {
  const db = await getDb();
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await insertUser({
        db,
        user: { accountName: `u${randomBytes(5).toString("hex")}`, phoneNumber: phone, displayName: `用户${phone.slice(-4)}` },
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      // Two first logins at once: the other one created it.
      if (constraint === "users_phone_number_key") return (await findUserByPhone({ db, phone }))!;
      if (constraint !== "users_account_name_key") conflictFor(err);
    }
  }
  throw new Error("could not allocate an account name");
}
