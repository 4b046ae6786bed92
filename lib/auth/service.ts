import "server-only";
// Account rules: registration, password login with lock-out, profile and stats.
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { uniqueViolation } from "@/lib/db/errors";
import type { User } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { consentNow } from "@/lib/privacy/consent";
import { beginGuess, forgiveAddress } from "./lockout";
import { dummyHash, hashPassword, verifyPassword } from "./password";
import { provenHolder, withPhoneProof } from "./phone-proof";
import { findUserByLogin, insertUser, updateUser, userStats } from "./queries";
import type { ProfileUpdate, RegisterBody } from "./schema";
import { toApiUser, type ApiUser } from "./serialize";
import { signToken } from "./token";

export type AuthResult = { access_token: string; user: ApiUser };

const DUPLICATE: Record<string, string> = {
  users_account_name_key: MSG.duplicateAccount,
  users_phone_number_key: MSG.duplicatePhone,
  users_email_key: MSG.duplicateEmail,
};

/** Maps a unique violation on users to a 409 naming the field; rethrows anything else. */
export function conflictFor(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint && DUPLICATE[constraint]) throw new ApiError("conflict", DUPLICATE[constraint]);
  throw err;
}

/** A session for `user` (its token carries the account's token_version); a disabled account gets none (401). */
export async function authResult(user: User): Promise<AuthResult> {
  if (user.disabledAt) throw new ApiError("unauthorized", MSG.accountDisabled);
  return { access_token: await signToken(user.id, Date.now(), user.tokenVersion), user: toApiUser(user) };
}

/**
 * A new account with a password. A phone number comes in only with the code sent to it: it is stored proven, and
 * taken from an account that holds it unproven; a number held proven is a 409.
 */
export async function register(body: RegisterBody): Promise<AuthResult> {
  const phone = body.phone_number;
  const code = body.sms_code;
  if (phone && !code) throw new ApiError("bad_request", MSG.phoneCodeRequired);
  const fields = {
    accountName: body.account_name,
    email: body.email,
    displayName: body.display_name ?? body.account_name,
    hashedPassword: await hashPassword(body.password),
    // The body's agree_terms is true (the schema refuses anything else): the version agreed to, and when.
    ...consentNow(),
  };
  const user =
    phone && code
      ? await withPhoneProof({ phone, code }, async (tx) => {
          if (await provenHolder(tx, phone)) throw new ApiError("conflict", MSG.duplicatePhone);
          return insertUser({ db: tx, user: { ...fields, phoneNumber: phone, phoneVerifiedAt: new Date() } }).catch(conflictFor);
        })
      : await insertUser({ db: await getDb(), user: fields }).catch(conflictFor);
  return authResult(user);
}

/** Password login by account name, e-mail or proven phone, under the lock-out of lib/auth/lockout.ts. */
export async function loginWithPassword({ username, password, ip }: { username: string; password: string; ip: string }) {
  const db = await getDb();
  const user = await findUserByLogin({ db, login: username });
  const subject = user ? { userId: user.id } : { login: username };
  const guess = await beginGuess(db, subject, ip);
  // Unknown user, no password set, or a wrong one: the same work and the same answer.
  const ok = await verifyPassword(user?.hashedPassword ?? (await dummyHash()), password);
  if (!user || !user.hashedPassword || !ok) {
    await guess.wrong();
    throw new ApiError("unauthorized", MSG.badCredentials);
  }
  await guess.right();
  await forgiveAddress(db, user.id, ip);
  return authResult(user);
}

export async function updateProfile(user: User, body: ProfileUpdate): Promise<ApiUser> {
  const updated = await updateUser({
    db: await getDb(),
    id: user.id,
    set: { displayName: body.display_name, email: body.email, bio: body.bio },
  }).catch(conflictFor);
  return toApiUser(updated);
}

export async function getStats(user: User) {
  return userStats({ db: await getDb(), userId: user.id });
}
