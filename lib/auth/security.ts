import "server-only";
// The profile's security card and sign-out: binding a phone by its code, setting or changing the password, and
// ending every session of the account. Each bumps users.token_version (every earlier token stops) and answers a
// fresh token for the caller's own session.
import { eq, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import type { Db, Tx } from "@/lib/db/client";
import { comments, favorites, likes, readHistory, summaryTasks, users, type NewUser, type User } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { beginGuess, clearAccountLockout } from "./lockout";
import { hashPassword, verifyPassword } from "./password";
import { provenHolder, withPhoneProof } from "./phone-proof";
import type { PasswordChange } from "./schema";
import { authResult, type AuthResult } from "./service";

/** Applies `set` and adds one to the account's token version: every token signed before stops working. */
async function updateAndEndSessions(db: Db | Tx, id: number, set: Partial<NewUser> = {}): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ ...set, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sign-out: ends every session of the account (this one included). */
export async function endSessions(user: User): Promise<void> {
  await updateAndEndSessions(await getDb(), user.id);
}

/**
 * An account only its number opens (no password) that holds nothing yet: what a code login makes for a number
 * whose owner's own account held it unproven (docs/security.md, "Phones"). Whoever proves the number could open
 * it anyway, so moving the number away loses nobody anything.
 */
async function isEmptyCodeAccount(tx: Tx, holder: User): Promise<boolean> {
  if (holder.hashedPassword) return false;
  for (const table of [likes, favorites, readHistory, comments, summaryTasks]) {
    const [row] = await tx.select({ one: sql`1` }).from(table).where(eq(table.userId, holder.id)).limit(1);
    if (row) return false;
  }
  return true;
}

/**
 * Binds `phone` to the account once its code proved it: the number is taken from an account holding it
 * unproven, or from an empty password-less account (the one a code login made before its owner verified the
 * number on their real account); held proven by another account, it is a 409. Binding the account's own
 * unproven number proves it.
 */
export async function bindPhone(user: User, { phone, code }: { phone: string; code: string }): Promise<AuthResult> {
  const updated = await withPhoneProof({ phone, code }, async (tx) => {
    let holder = await provenHolder(tx, phone);
    if (holder && holder.id !== user.id) {
      if (!(await isEmptyCodeAccount(tx, holder))) throw new ApiError("conflict", MSG.duplicatePhone);
      await updateAndEndSessions(tx, holder.id, { phoneNumber: null, phoneVerifiedAt: null });
      holder = null;
    }
    return updateAndEndSessions(tx, user.id, { phoneNumber: phone, phoneVerifiedAt: holder?.phoneVerifiedAt ?? new Date() });
  });
  return authResult(updated);
}

/**
 * Checks the password an account gives to confirm a change; a wrong guess counts against the account's password
 * lock-out (429 once locked) and answers 400 `wrong`.
 */
export async function confirmPassword(db: Db, user: User, password: string, ip: string, wrong: string = MSG.currentPasswordWrong): Promise<void> {
  const subject = { userId: user.id };
  const guess = await beginGuess(db, subject, ip);
  if (!(await verifyPassword(user.hashedPassword!, password))) {
    await guess.wrong();
    throw new ApiError("bad_request", wrong);
  }
  await guess.right();
}

/**
 * Sets or changes the password. An account with one gives it (wrong guesses count against the account's
 * password lock-out); an account without one proves itself by a code sent to its proven phone.
 */
export async function changePassword(user: User, body: PasswordChange, ip: string): Promise<AuthResult> {
  if (user.hashedPassword) {
    if (!body.current_password) throw new ApiError("bad_request", MSG.currentPasswordRequired);
    const db = await getDb();
    await confirmPassword(db, user, body.current_password, ip);
    return authResult(await updateAndEndSessions(db, user.id, { hashedPassword: await hashPassword(body.new_password) }));
  }
  if (!user.phoneNumber || !user.phoneVerifiedAt) throw new ApiError("bad_request", MSG.phoneNeededForPassword);
  if (!body.code) throw new ApiError("bad_request", MSG.phoneCodeRequired);
  const hashedPassword = await hashPassword(body.new_password);
  const updated = await withPhoneProof({ phone: user.phoneNumber, code: body.code }, async (tx) => {
    await clearAccountLockout(tx, user.id);
    return updateAndEndSessions(tx, user.id, { hashedPassword });
  });
  return authResult(updated);
}
