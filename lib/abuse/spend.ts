import "server-only";
// Spending a budget (SMS, registrations, chat, summaries, and every later one): each unit is taken by one atomic
// statement that returns the new count (lib/api/rate-limit.ts `hit`: insert … on conflict do update … returning),
// and the request is decided from that count — never from a count read earlier, which a burst of concurrent
// requests would all read alike ("budget raced", docs/security.md). The counters live in rate_limits under keys of
// their own, apart from the rows a reader owns, so deleting an account, a code or a task gives nothing back
// ("budget given back"). A request refused before the costly thing ran (a cap reached, a human check missing, a
// provider that failed) returns what it took; one that ran keeps it.
import { and, eq, gt, sql } from "drizzle-orm";
import { hit, hitAll, rateLimited } from "@/lib/api/rate-limit";
import type { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";

/**
 * One budget: its counter's key, how many units a window holds, and the refusal once they are spent; `blockMs`
 * makes reaching the limit a block that long from the unit that reached it (the password lock-out).
 */
export type Budget = { key: string; limit: number; windowMs: number; blockMs?: number; full: (retryAfterSec: number) => ApiError };

/** What a request took: the count of each budget with this request included, in the order given. */
export type Spending = {
  counts: number[];
  /** Seconds until each budget's window (or block) ends. */
  retryAfterSec: number[];
  /** Gives back every unit this request took (it was refused, or what it paid for did not happen). Once. */
  giveBack(): Promise<void>;
};

/** A refusal with a message and a Retry-After, for a Budget's `full`. */
export const refuse = (detail: string) => (retryAfterSec: number) => rateLimited(detail, retryAfterSec);

/**
 * Takes one unit of each budget in order. The first budget past its limit gives back what this request took and
 * throws its refusal; otherwise the counts decide what else the request must show (a human check, say).
 */
/** Gives back, once, each unit in `taken` — only within the window it was taken in (a window begun since owes nothing). */
function givingBack(db: Db, taken: { key: string; windowStart: Date }[]) {
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    for (const { key, windowStart } of taken) {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
    }
  };
}

export async function spend(db: Db, budgets: Budget[], now = new Date()): Promise<Spending> {
  const taken: { key: string; windowStart: Date }[] = [];
  const giveBack = givingBack(db, taken);
  const counts: number[] = [];
  const retryAfterSec: number[] = [];
  for (const budget of budgets) {
    const state = await hit(db, budget.key, { limit: budget.limit, windowMs: budget.windowMs, blockMs: budget.blockMs }, now);
    taken.push({ key: budget.key, windowStart: state.windowStart });
    counts.push(state.count);
    retryAfterSec.push(state.retryAfterSec);
    if (state.count > budget.limit) {
      await giveBack();
      throw budget.full(state.retryAfterSec);
    }
  }
  return { counts, retryAfterSec, giveBack };
}

/**
 * Takes one unit of every budget at once, in one statement (a write path that spends several budgets on every
 * request: a comment's five), instead of one after another. Decided as `spend` decides: the first budget, in the
 * order given, past its limit gives everything back and throws its refusal. Unlike `spend`, a refused request has
 * briefly held units of the budgets after the full one (given back at once), so a burst may see a count one or two
 * higher for a moment: for budgets whose limits are far apart, not for a budget that must be exact to the unit
 * while another is refusing (the SMS site count: `spend`). No `blockMs`.
 */
export async function spendAtOnce(db: Db, budgets: Budget[], now = new Date()): Promise<Spending> {
  const states = await hitAll(db, budgets.map((b) => ({ key: b.key, rule: { limit: b.limit, windowMs: b.windowMs } })), now);
  const giveBack = givingBack(db, budgets.map((b, i) => ({ key: b.key, windowStart: states[i].windowStart })));
  const full = budgets.findIndex((b, i) => states[i].count > b.limit);
  if (full !== -1) {
    await giveBack();
    throw budgets[full].full(states[full].retryAfterSec);
  }
  return { counts: states.map((s) => s.count), retryAfterSec: states.map((s) => s.retryAfterSec), giveBack };
}

/** Runs `step` (a check that may refuse); a refusal gives back what `spending` took before it is passed on. */
export async function orGiveBack<T>(spending: Spending, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    await spending.giveBack();
    throw err;
  }
}
