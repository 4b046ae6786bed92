import "server-only";
// The password-login lock-out, counted per resolved account: an account's name, e-mail and proven phone share
// one budget (a login string that names no account is counted as that string, with the same limits, so the
// answers do not tell them apart). Three counters:
//   - the account from one client address: 10 failures in 15 minutes lock that address out of it for 15 minutes;
//   - the account from every address: 50 failures in an hour lock password login for it for an hour (a code
//     login, which proves the owner, clears the account's counters);
//   - the client address across accounts: 30 failures in 15 minutes lock it for 15 minutes.
// An attacker who fails from one address thus cannot lock the owner out at another, and spreading the guesses
// over many addresses stops at the account's budget. A guess is counted before its password is checked, so a burst
// of concurrent guesses gets no more checks than the budget (docs/security.md, "Budget raced").
import { eq, like, or } from "drizzle-orm";
import { spend } from "@/lib/abuse/spend";
import { rateLimited, reset, waitText, type LimitRule } from "@/lib/api/rate-limit";
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

/** A password guess under way: say whether the password was right once it has been checked. */
export type Guess = { right(): Promise<void>; wrong(): Promise<void> };

/**
 * Counts a password guess before the password is checked (lib/abuse/spend.ts): each counter taken by one atomic
 * statement, so a burst of guesses cannot all pass a count read first — past a limit the guess is refused (429)
 * without the check. A right password gives the guess back; a wrong one keeps it, and answers 429 once it
 * reached a limit (else the caller answers its own error).
 */
export async function beginGuess(db: Db, subject: LoginSubject, ip: string): Promise<Guess> {
  const rules = counters(subject, ip);
  const spending = await spend(
    db,
    rules.map(([key, rule]) => ({ key, ...rule, full: tooManyFailures })),
  );
  return {
    right: () => spending.giveBack(),
    wrong: async () => {
      const reached = rules.findIndex(([, rule], i) => spending.counts[i] >= rule.limit);
      if (reached !== -1) throw tooManyFailures(spending.retryAfterSec[reached]);
    },
  };
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
