import "server-only";
// What commenting spends (lib/abuse/spend.ts: one atomic count per budget, decided from the count taken): comments
// per account and per address, a human check past COMMENT_CHECK_AFTER from one address in an hour, the same text
// from one reader once a minute; edits, likes on comments and reports per account.
import { createHash } from "node:crypto";
import { scaled } from "@/lib/abuse/budgets";
import { requireHumanCheck } from "@/lib/abuse/human-check";
import { orGiveBack, refuse, spend, spendAtOnce, type Spending } from "@/lib/abuse/spend";
import type { Db } from "@/lib/db/client";
import { COMMENT_REPEAT_MS } from "./constants";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Spends one comment of `userId` from `ip` with this text; refuses past a limit, asks for the human check on a burst. */
export async function spendComment({ db, userId, ip, content, proof, now = new Date() }: { db: Db; userId: number; ip: string; content: string; proof: string | null; now?: Date }): Promise<Spending> {
  const text = createHash("sha256").update(content).digest("hex").slice(0, 24);
  // Five counts in one statement (a comment's post is a hot write path: one round trip and one commit, not five).
  const spending = await spendAtOnce(
    db,
    [
      { key: `comment:same:${userId}:${text}`, limit: 1, windowMs: COMMENT_REPEAT_MS, full: refuse("请勿重复发表相同的内容") },
      { key: `comment:ip:${ip}:hour`, limit: scaled("commentPerAddressHour"), windowMs: HOUR, full: refuse("当前网络发表评论过于频繁，请稍后再试") },
      { key: `comment:ip:${ip}:day`, limit: scaled("commentPerAddressDay"), windowMs: DAY, full: refuse("当前网络今天发表的评论过多，请明天再试") },
      { key: `comment:user:${userId}:hour`, limit: scaled("commentPerUserHour"), windowMs: HOUR, full: refuse("发表评论过于频繁，请稍后再试") },
      { key: `comment:user:${userId}:day`, limit: scaled("commentPerUserDay"), windowMs: DAY, full: refuse("今天发表的评论已达上限，请明天再试") },
    ],
    now,
  );
  if (spending.counts[1] > scaled("commentCheckAfter")) await orGiveBack(spending, () => requireHumanCheck({ db, proof, action: "comment", address: ip, now }));
  return spending;
}

export async function spendCommentEdit({ db, userId, now = new Date() }: { db: Db; userId: number; now?: Date }) {
  return spend(db, [{ key: `comment-edit:user:${userId}:hour`, limit: scaled("commentEditPerUserHour"), windowMs: HOUR, full: refuse("修改评论过于频繁，请稍后再试") }], now);
}

export async function spendCommentLike({ db, userId, now = new Date() }: { db: Db; userId: number; now?: Date }) {
  return spend(db, [{ key: `comment-like:user:${userId}:hour`, limit: scaled("commentLikePerUserHour"), windowMs: HOUR, full: refuse("点赞过于频繁，请稍后再试") }], now);
}

export async function spendReport({ db, userId, now = new Date() }: { db: Db; userId: number; now?: Date }) {
  return spend(db, [{ key: `comment-report:user:${userId}:day`, limit: scaled("commentReportPerUserDay"), windowMs: DAY, full: refuse("今天的举报次数已达上限，请明天再试") }], now);
}
