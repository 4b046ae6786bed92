import "server-only";
// Account rules: registration, password login with lock-out, profile and stats.
import { ApiError } from "@/lib/api/errors";
import { hit, peek, rateLimited, reset, waitText, type LimitRule } from "@/lib/api/rate-limit";
import { getDb } from "@/lib/db";
import { uniqueViolation } from "@/lib/db/errors";
import type { User } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { LOGIN_BLOCK_MS, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from "./constants";
import { dummyHash, hashPassword, verifyPassword } from "./password";
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

/** A session for `user`; a disabled account gets none (401, whichever way it signs in). */
export async function authResult(user: User): Promise<AuthResult> {
  if (user.disabledAt) throw new ApiError("unauthorized", MSG.accountDisabled);
  return { access_token: await signToken(user.id), user: toApiUser(user) };
}

export async function register(body: RegisterBody): Promise<AuthResult> {
  const db = await getDb();
  const user = await insertUser({
    db,
    user: {
      accountName: body.account_name,
      email: body.email,
      phoneNumber: body.phone_number,
      displayName: body.display_name ?? body.account_name,
      hashedPassword: await hashPassword(body.password),
    },
  }).catch(conflictFor);
  return authResult(user);
}

const LOGIN_RULE: LimitRule = { limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS, blockMs: LOGIN_BLOCK_MS };
const tooManyFailures = (seconds: number) => rateLimited(`登录失败次数过多，请 ${waitText(seconds)}后再试`, seconds);

export async function loginWithPassword({ username, password, ip }: { username: string; password: string; ip: string }) {
  const db = await getDb();
  const keys = [`login:account:${username.toLowerCase()}`, `login:ip:${ip}`];
  for (const key of keys) {
    const s = await peek(db, key, LOGIN_RULE);
    if (s.limited) throw tooManyFailures(s.retryAfterSec);
  }
  const user = await findUserByLogin({ db, login: username });
  // Unknown user, no password set, or a wrong one: the same work and the same answer.
  const ok = await verifyPassword(user?.hashedPassword ?? (await dummyHash()), password);
  if (!user || !user.hashedPassword || !ok) {
    const states = await Promise.all(keys.map((key) => hit(db, key, LOGIN_RULE)));
    const blocked = states.find((s) => s.limited);
    if (blocked) throw tooManyFailures(blocked.retryAfterSec);
    throw new ApiError("unauthorized", MSG.badCredentials);
  }
  await reset(db, keys[0]);
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
