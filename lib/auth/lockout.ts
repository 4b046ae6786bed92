import "server-only";
// The password-login lock-out, counted per resolved account: an account's name, e-mail and proven phone share
// one budget (a login string that names no account is counted as that string, with the same limits, so the
// answers do not tell them apart). Three counters:
//   - the account from one client address: 10 failures in 15 minutes lock that address out of it for 15 minutes;
//   - the account from every address: 50 failures in an hour lock password login for it for an hour (a code
//     login, which proves the owner, clears the account's counters);
//   - the client address across accounts: 30 failures in 15 minutes lock it for 15 minutes.
// An attacker who fails from one address thus cannot lock the owner out at another, and spreading the guesses
// over many addresses stops at the account's budget.
import { eq, like, or } from "drizzle-orm";
import { hit, peek, rateLimited, reset, waitText, type LimitRule } from "@/lib/api/rate-limit";
import type { Db, Tx } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import {
  LOGIN_ACCOUNT_FAILURE_LIMIT,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_ADDRESS_FAILURE_LIMIT,
  LOGIN_BLOCK_MS,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
} from "./constants";

const PER_ACCOUNT_ADDRESS: LimitRule = { limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS, blockMs: LOGIN_BLOCK_MS };
const PER_ACCOUNT: LimitRule = { limit: LOGIN_ACCOUNT_FAILURE_LIMIT, windowMs: LOGIN_ACCOUNT_WINDOW_MS, blockMs: LOGIN_ACCOUNT_WINDOW_MS };
const PER_ADDRESS: LimitRule = { limit: LOGIN_ADDRESS_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS, blockMs: LOGIN_BLOCK_MS };

/** Whose failures count: the resolved account, or the typed login string (normalized) when it names none. */
export type LoginSubject = { userId: number } | { login: string };

const subjectKey = (s: LoginSubject) => ("userId" in s ? `login:user:${s.userId}` : `login:name:${s.login.trim().toLowerCase()}`);

function counters(subject: LoginSubject, ip: string): [string, LimitRule][] {
  const key = subjectKey(subject);
  return [
    [`${key}@${ip}`, PER_ACCOUNT_ADDRESS],
    [key, PER_ACCOUNT],
    [`login:ip:${ip}`, PER_ADDRESS],
  ];
}

const tooManyFailures = (seconds: number) => rateLimited(`登录失败次数过多，请 ${waitText(seconds)}后再试`, seconds);

/** 429 when any counter of this attempt is at its limit (checked before the password is). */
export async function assertNotLocked(db: Db, subject: LoginSubject, ip: string): Promise<void> {
  for (const [key, rule] of counters(subject, ip)) {
    const s = await peek(db, key, rule);
    if (s.limited) throw tooManyFailures(s.retryAfterSec);
  }
}

/** Counts a failed attempt: a 429 when it reached a limit, else the caller's own answer. */
export async function countFailure(db: Db, subject: LoginSubject, ip: string): Promise<void> {
  const states = await Promise.all(counters(subject, ip).map(([key, rule]) => hit(db, key, rule)));
  const blocked = states.find((s) => s.limited);
  if (blocked) throw tooManyFailures(blocked.retryAfterSec);
}

/** A right password: the account's failures from this address are forgiven (not those from elsewhere). */
export async function forgiveAddress(db: Db, userId: number, ip: string): Promise<void> {
  await reset(db, `${subjectKey({ userId })}@${ip}`);
}

/** The owner proved themselves by a code: every lock-out counter of the account is cleared. */
export async function clearAccountLockout(db: Db | Tx, userId: number): Promise<void> {
  const key = subjectKey({ userId });
  await db.delete(rateLimits).where(or(eq(rateLimits.key, key), like(rateLimits.key, `${key}@%`)));
}
