import "server-only";
// 注销账号 (个人信息保护法 article 47; docs/privacy.md): confirmed with the account's password (wrong guesses
// count against its lock-out) or, for an account without one, a code sent to its proven phone. Then, in one
// transaction, every row that is theirs goes: the account, its likes, favourites, comments, reading history,
// summary tasks (their links with them) and interests (foreign keys, on delete cascade; the counters'
// triggers fire for each row, so articles' counts stay right), the codes sent to its phone and the rate-limit
// rows keyed by it, and the articles made from their summaries that no operator published (unless another reader's
// task points to it too: lib/summary/submissions.ts). The console's audit
// rows keep the action but not the person: one pseudonym for all their rows (已注销用户 A1B2C3D4; migration 0021,
// whose trigger allows it only while the actor is being deleted). The codes go, but not the budgets they spent
// (lib/abuse/spend.ts: deleting gives nothing back). Its tokens stop at
// once (no account), and its name and phone number are free again. The site's last operator cannot leave.
import { randomBytes } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { withPhoneProof } from "@/lib/auth/phone-proof";
import type { AccountDeletion } from "@/lib/auth/schema";
import { confirmPassword } from "@/lib/auth/security";
import { getDb } from "@/lib/db";
import type { Db, Tx } from "@/lib/db/client";
import { comments, rateLimits, smsCodes, users, type User } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { MSG } from "@/lib/messages";
import { dropOrphanedSubmissions, submittedArticles } from "@/lib/summary/submissions";

/** The rate-limit keys that name the account (lib/auth/lockout.ts): its id, and its name, e-mail and phone as typed at login. */
function keysOf(user: User): string[] {
  const names = [user.accountName, user.email, user.phoneNumber].filter((n): n is string => Boolean(n)).map((n) => `login:name:${n.trim().toLowerCase()}`);
  return [`login:user:${user.id}`, ...names];
}

/** Locks the account's row, and an operator's fellow operators' rows with it, in id order: two operators leaving
 * at once take their locks in the same order (no deadlock) and cannot both pass as "another is left". */
async function lockForDeletion(tx: Db | Tx, userId: number): Promise<{ role: string } | undefined> {
  const [me] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!me) return undefined;
  const rows =
    me.role === "admin"
      ? await tx.select({ id: users.id, role: users.role, disabledAt: users.disabledAt }).from(users).where(or(eq(users.id, userId), eq(users.role, "admin"))).orderBy(users.id).for("update")
      : await tx.select({ id: users.id, role: users.role, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).for("update");
  const locked = rows.find((r) => r.id === userId);
  if (!locked) return undefined; // removed meanwhile (a second click)
  if (locked.role === "admin" && !rows.some((r) => r.id !== userId && r.role === "admin" && !r.disabledAt)) {
    throw new ApiError("conflict", MSG.lastOperatorCannotLeave);
  }
  return locked;
}

/** Removes the account and everything that is theirs, in `tx`. */
async function erase(tx: Db | Tx, user: User): Promise<void> {
  if (!(await lockForDeletion(tx, user.id))) return; // removed meanwhile: nothing left to do
  // Their audit rows keep the action and one pseudonym for all of them (migration 0021): deleting the users row
  // sets actor_id to null by the foreign key, and the log's trigger allows it only now, naming them by this tag.
  await tx.execute(sql`select set_config('shiyue.forget_actor', ${`${user.id}:${randomBytes(4).toString("hex").toUpperCase()}`}, true)`);
  // Articles made from their summaries that no operator published are still theirs (lib/summary/submissions.ts).
  const submitted = await submittedArticles(tx, sql`user_id = ${user.id}`);
  if (user.phoneNumber) await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phoneNumber));
  await tx.delete(rateLimits).where(sql`${rateLimits.key} = any(${sql.param(keysOf(user))}::text[])`);
  // Their root comments that others replied to stay as 该评论已删除 above the replies (no author, no text);
  // every other comment of theirs goes with the account (a root's replies by others stay: lib/comments).
  await tx
    .update(comments)
    .set({ userId: null, status: "deleted", content: "", heldReason: null, ipRegion: null, requestIp: null })
    .where(and(eq(comments.userId, user.id), isNull(comments.rootId), sql`exists (select 1 from ${comments} r where r.root_id = ${comments.id} and r.user_id is distinct from ${user.id})`));
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
