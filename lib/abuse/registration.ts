import "server-only";
// Registration's budget per client address (each registration costs an argon2id hash and makes a free
// account): hourly and daily caps, and a human check once the address registered BUDGET.registerCheckAfter
// times in the hour. Spent before the hash (lib/abuse/spend.ts): the count this request took decides, so a burst
// cannot all read the same count; a registration refused here gives its unit back, one that went on to the hash
// keeps it (a name already taken still cost the hash).
import { rateLimited, waitText } from "@/lib/api/rate-limit";
import type { Db } from "@/lib/db/client";
import { scaled } from "./budgets";
import { requireHumanCheck } from "./human-check";
import { orGiveBack, spend, type Budget } from "./spend";

const HOUR = 3_600_000;
const tooMany = (retryAfterSec: number) => rateLimited(`当前网络注册过于频繁，请 ${waitText(retryAfterSec)}后再试`, retryAfterSec);

export async function spendRegistrationBudget({ db, ip, proof, now = new Date() }: { db: Db; ip: string; proof: string | null; now?: Date }) {
  const budgets: Budget[] = [
    { key: `register:ip:${ip}:hour`, limit: scaled("registerPerHour"), windowMs: HOUR, full: tooMany },
    { key: `register:ip:${ip}:day`, limit: scaled("registerPerDay"), windowMs: 24 * HOUR, full: tooMany },
  ];
  const spending = await spend(db, budgets, now);
  if (spending.counts[0] > scaled("registerCheckAfter")) await orGiveBack(spending, () => requireHumanCheck({ db, proof, action: "register", address: ip, now }));
}
