import "server-only";
// 注销账号 (个人信息保护法 article 47; docs/privacy.md): confirmed with the account's password (wrong guesses
// count against its lock-out) or, for an account without one, a code sent to its proven phone. Then, in one
// transaction, every row that is theirs goes: the account, its likes, favourites, comments, reading history,
// summary tasks (their links with them) and interests (foreign keys, on delete cascade; the counters'
// triggers fire for each row, so articles' counts stay right), the codes sent to its phone and the rate-limit
// rows keyed by it, and the articles made from their summaries that no operator published (unless another reader's
// task points to it too: lib/summary/submissions.ts). The console's audit
// rows keep the action but not the person (已注销用户). Its tokens stop at
// once (no account), and its name and phone number are free again. The site's last operator cannot leave.
import { and, eq, ne, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { withPhoneProof } from "@/lib/auth/phone-proof";
import type { AccountDeletion } from "@/lib/auth/schema";
import { confirmPassword } from "@/lib/auth/security";
import { getDb } from "@/lib/db";
import type { Db, Tx } from "@/lib/db/client";
import { adminAudit, rateLimits, smsCodes, users, type User } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { MSG } from "@/lib/messages";
import { dropOrphanedSubmissions, submittedArticles } from "@/lib/summary/submissions";

/** The rate-limit keys that name the account (lib/auth/lockout.ts): its id, and its name, e-mail and phone as typed at login. */
function keysOf(user: User): string[] {
  const names = [user.accountName, user.email, user.phoneNumber].filter((n): n is string => Boolean(n)).map((n) => `login:name:${n.trim().toLowerCase()}`);
  return [`login:user:${user.id}`, ...names];
}

/** Removes the account and everything that is theirs, in `tx`. */
async function erase(tx: Db | Tx, user: User): Promise<void> {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, user.id)).for("update");
  if (!row) return; // removed meanwhile (a second click): nothing left to do
  if (row.role === "admin") {
    // Operators are locked in id order, so two operators leaving at once cannot both pass as "another is left".
    const others = await tx.select({ id: users.id }).from(users).where(and(eq(users.role, "admin"), ne(users.id, user.id), sql`${users.disabledAt} is null`)).for("update");
    if (!others.length) throw new ApiError("conflict", MSG.lastOperatorCannotLeave);
  }
  // The one update the append-only log allows (migration 0018): the actor forgotten, the action kept.
  await tx.update(adminAudit).set({ actorId: null, actorName: MSG.deletedUser }).where(eq(adminAudit.actorId, user.id));
  // Articles made from their summaries that no operator published are still theirs (lib/summary/submissions.ts).
  const submitted = await submittedArticles(tx, sql`user_id = ${user.id}`);
  if (user.phoneNumber) await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phoneNumber));
  await tx.delete(rateLimits).where(sql`${rateLimits.key} = any(${sql.param(keysOf(user))}::text[])`);
  await tx.delete(users).where(eq(users.id, user.id));
  await dropOrphanedSubmissions(tx, submitted);
}

/** Deletes the caller's account once `body` confirms it is them. */
export async function deleteAccount(user: User, body: AccountDeletion, ip: string): Promise<void> {
  if (user.hashedPassword) {
    if (!body.password) throw new ApiError("bad_request", MSG.deletionNeedsPassword);
    const db = await getDb();
    await confirmPassword(db, user, body.password, ip, MSG.passwordWrong);
    await db.transaction((tx) => erase(tx, user));
  } else {
    if (!user.phoneNumber || !user.phoneVerifiedAt) throw new ApiError("bad_request", MSG.deletionNeedsProof);
    if (!body.code) throw new ApiError("bad_request", MSG.deletionNeedsCode);
    await withPhoneProof({ phone: user.phoneNumber, code: body.code }, (tx) => erase(tx, user));
  }
  log.info("account_deleted", { userId: user.id });
}
