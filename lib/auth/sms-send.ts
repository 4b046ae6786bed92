import "server-only";
// Sending a 6-digit code, within the abuse budget (lib/abuse/budgets.ts): per phone (resend wait, daily
// count), per client address (hourly, daily), per number prefix (first 7 digits, hourly) and site-wide per
// China day (SMS_DAILY_LIMIT). Above a threshold (the address's hourly sends, or half the site's daily cap) a
// human check is asked for first. Counts come from the sms_codes rows themselves, the site's from a
// rate_limits counter. The code is stored only as an HMAC (lib/auth/sms-code.ts).
import { randomInt } from "node:crypto";
import { and, count, desc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { chinaDayOf, scaled } from "@/lib/abuse/budgets";
import { requireHumanCheck } from "@/lib/abuse/human-check";
import { ApiError } from "@/lib/api/errors";
import { hit, peek, rateLimited, waitText } from "@/lib/api/rate-limit";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import type { Db } from "@/lib/db/client";
import { smsCodes } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { MSG } from "@/lib/messages";
import { SMS_CODE_TTL_MS, SMS_PER_PHONE_PER_DAY, SMS_RESEND_SECONDS } from "./constants";
import { codeHash } from "./sms-code";
import { smsSender } from "./sms";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SMS_SITE_DAILY_FULL = "今日验证码发送量已达上限，请明天再试或使用账号密码登录";

const secondsUntil = (t: Date, now: Date) => Math.max(1, Math.ceil((t.getTime() - now.getTime()) / 1000));

async function sentSince(db: Db, where: ReturnType<typeof and>, since: Date): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(smsCodes).where(and(where, gt(smsCodes.createdAt, since)));
  return Number(n);
}

/** The site's counter for the China day of `now`. */
function siteRule(now: Date) {
  const { day, endsAt } = chinaDayOf(now);
  return { key: `sms:site:${day}`, rule: { limit: getConfig().SMS_DAILY_LIMIT, windowMs: endsAt.getTime() - now.getTime() } };
}

/** The per-address, per-prefix and site-wide budget; asks for a human check above its thresholds. */
async function checkBudget({ db, phone, ip, proof, now }: { db: Db; phone: string; ip: string; proof: string | null; now: Date }) {
  const daily = getConfig().SMS_DAILY_LIMIT;
  if (daily === 0) throw new ApiError("unavailable", MSG.smsUnavailable);
  const site = siteRule(now);
  const today = await peek(db, site.key, site.rule, now);
  if (today.limited) throw rateLimited(SMS_SITE_DAILY_FULL, today.retryAfterSec);
  const prefix = phone.slice(0, 7);
  const [hourFromIp, dayFromIp, hourToPrefix] = await Promise.all([
    sentSince(db, eq(smsCodes.requestIp, ip), new Date(now.getTime() - HOUR)),
    sentSince(db, eq(smsCodes.requestIp, ip), new Date(now.getTime() - DAY)),
    sentSince(db, and(gte(smsCodes.phone, prefix), lt(smsCodes.phone, String(Number(prefix) + 1))), new Date(now.getTime() - HOUR)),
  ]);
  if (hourFromIp >= scaled("smsPerAddressHour")) throw rateLimited("当前网络请求验证码过于频繁，请稍后再试", 3600);
  if (dayFromIp >= scaled("smsPerAddressDay")) throw rateLimited("当前网络今天请求验证码过多，请明天再试或使用账号密码登录", 3600);
  if (hourToPrefix >= scaled("smsPerPrefixHour")) throw rateLimited("该号段请求验证码过于频繁，请稍后再试", 600);
  if (hourFromIp >= scaled("smsCheckAfter") || today.count >= daily / 2) await requireHumanCheck({ db, proof, now });
}

export async function sendSmsCode({ phone, ip, proof = null, now = new Date() }: { phone: string; ip: string; proof?: string | null; now?: Date }) {
  const sender = smsSender();
  if (!sender) throw new ApiError("unavailable", MSG.smsUnavailable);
  const db = await getDb();
  await checkBudget({ db, phone, ip, proof, now });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const hash = await codeHash(phone, code);

  // One send per phone at a time: the checks and the insert run under a per-phone transaction lock.
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const recent = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now.getTime() - DAY))))
      .orderBy(desc(smsCodes.createdAt));
    const last = recent[0]?.createdAt;
    if (last && now.getTime() - last.getTime() < SMS_RESEND_SECONDS * 1000) {
      const wait = secondsUntil(new Date(last.getTime() + SMS_RESEND_SECONDS * 1000), now);
      throw rateLimited(`发送太频繁，请 ${wait} 秒后再试`, wait);
    }
    if (recent.length >= SMS_PER_PHONE_PER_DAY) {
      const wait = secondsUntil(new Date(recent[SMS_PER_PHONE_PER_DAY - 1].createdAt.getTime() + DAY), now);
      throw rateLimited(`该手机号今天的验证码发送次数已达上限，请 ${waitText(wait)}后再试`, wait);
    }
    const [row] = await tx
      .insert(smsCodes)
      .values({ phone, codeHash: hash, expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS), requestIp: ip, createdAt: now })
      .returning({ id: smsCodes.id });
    return row.id;
  });

  // The site's cap holds under any concurrency: the counter is taken atomically after the row exists.
  const site = siteRule(now);
  const spent = await hit(db, site.key, site.rule, now);
  if (spent.count > site.rule.limit) {
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    throw rateLimited(SMS_SITE_DAILY_FULL, spent.retryAfterSec);
  }

  try {
    await sender.send(phone, code);
  } catch (err) {
    // The user got nothing: forget the code so it neither counts against the limits nor can be used.
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    log.error("sms send failed", { provider: sender.name, error: errorMessage(err) });
    throw new ApiError("unavailable", "验证码发送失败，请稍后重试");
  }
}
