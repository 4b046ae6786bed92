import "server-only";
// Registration's budget per client address (each registration costs an argon2id hash and makes a free
// account): hourly and daily caps, and a human check once the address registered BUDGET.registerCheckAfter
// times in the hour. Attempts count, not only successes.
import { hit, peek, rateLimited, waitText } from "@/lib/api/rate-limit";
import type { Db } from "@/lib/db/client";
import { scaled } from "./budgets";
import { requireHumanCheck } from "./human-check";

const HOUR = 3_600_000;

export async function spendRegistrationBudget({ db, ip, proof, now = new Date() }: { db: Db; ip: string; proof: string | null; now?: Date }) {
  const rules = [
    { key: `register:ip:${ip}:hour`, rule: { limit: scaled("registerPerHour"), windowMs: HOUR } },
    { key: `register:ip:${ip}:day`, rule: { limit: scaled("registerPerDay"), windowMs: 24 * HOUR } },
  ];
  const states = await Promise.all(rules.map(({ key, rule }) => peek(db, key, rule, now)));
  for (const s of states) if (s.limited) throw rateLimited(`当前网络注册过于频繁，请 ${waitText(s.retryAfterSec)}后再试`, s.retryAfterSec);
  if (states[0].count >= scaled("registerCheckAfter")) await requireHumanCheck({ db, proof, now });
  for (const { key, rule } of rules) {
    const s = await hit(db, key, rule, now);
    if (s.count > rule.limit) throw rateLimited(`当前网络注册过于频繁，请 ${waitText(s.retryAfterSec)}后再试`, s.retryAfterSec);
  }
}
