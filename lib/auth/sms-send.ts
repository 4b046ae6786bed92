import "server-only";
// Sending a 6-digit code, within the abuse budget (lib/abuse/budgets.ts): site-wide per China day
// (SMS_DAILY_LIMIT), per client address (hourly, daily), per number prefix (first 7 digits, hourly) and per phone
// (one code per resend wait, a daily count). Every unit is spent before the code is made, by one atomic count each
// (lib/abuse/spend.ts), and the request is decided from the counts it took: above a threshold (the address's
// hourly sends, or half the site's daily cap) a human check is asked for. The counters are kept apart from the
// sms_codes rows, which an account's deletion erases: deleting gives no budget back. The phone's counters are
// keyed by an HMAC of the number, not the number. The code is stored only as an HMAC (lib/auth/sms-code.ts).
import { createHmac, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { chinaDayOf, scaled } from "@/lib/abuse/budgets";
import { requireHumanCheck } from "@/lib/abuse/human-check";
import { orGiveBack, refuse, spend, type Budget } from "@/lib/abuse/spend";
import { ApiError } from "@/lib/api/errors";
import { rateLimited, waitText } from "@/lib/api/rate-limit";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { smsCodes } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { MSG } from "@/lib/messages";
import { SMS_CODE_TTL_MS, SMS_PER_PHONE_PER_DAY, SMS_RESEND_SECONDS } from "./constants";
import { codeHash } from "./sms-code";
import { smsSender } from "./sms";
import { authSecret } from "./secret";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SMS_SITE_DAILY_FULL = "今日验证码发送量已达上限，请明天再试或使用账号密码登录";

/** The budgets one code spends, in the order their refusals take precedence: the site's first, the address's hour second. */
async function budgetsOf(phone: string, ip: string, now: Date): Promise<Budget[]> {
  const { day, endsAt } = chinaDayOf(now);
  const phoneKey = createHmac("sha256", await authSecret()).update(`sms-budget:${phone}`).digest("hex").slice(0, 32);
  const budgets: Budget[] = [
    { key: `sms:site:${day}`, limit: getConfig().SMS_DAILY_LIMIT, windowMs: endsAt.getTime() - now.getTime(), full: refuse(SMS_SITE_DAILY_FULL) },
    { key: `sms:ip:${ip}:hour`, limit: scaled("smsPerAddressHour"), windowMs: HOUR, full: () => rateLimited("当前网络请求验证码过于频繁，请稍后再试", 3600) },
    { key: `sms:ip:${ip}:day`, limit: scaled("smsPerAddressDay"), windowMs: DAY, full: () => rateLimited("当前网络今天请求验证码过多，请明天再试或使用账号密码登录", 3600) },
    { key: `sms:prefix:${phone.slice(0, 7)}:hour`, limit: scaled("smsPerPrefixHour"), windowMs: HOUR, full: () => rateLimited("该号段请求验证码过于频繁，请稍后再试", 600) },
    { key: `sms:phone:${phoneKey}:resend`, limit: 1, windowMs: SMS_RESEND_SECONDS * 1000, full: (wait) => rateLimited(`发送太频繁，请 ${wait} 秒后再试`, wait) },
    {
      key: `sms:phone:${phoneKey}:day`,
      limit: SMS_PER_PHONE_PER_DAY,
      windowMs: DAY,
      full: (wait) => rateLimited(`该手机号今天的验证码发送次数已达上限，请 ${waitText(wait)}后再试`, wait),
    },
  ];
  return budgets;
}
const SITE = 0;
const ADDRESS_HOUR = 1;

export async function sendSmsCode({ phone, ip, proof = null, now = new Date() }: { phone: string; ip: string; proof?: string | null; now?: Date }) {
  const sender = smsSender();
  const daily = getConfig().SMS_DAILY_LIMIT;
  if (!sender || daily === 0) throw new ApiError("unavailable", MSG.smsUnavailable);
  const db = await getDb();
  const spending = await spend(db, await budgetsOf(phone, ip, now), now);
  const { counts } = spending;
  if (counts[ADDRESS_HOUR] > scaled("smsCheckAfter") || counts[SITE] > daily / 2) await orGiveBack(spending, () => requireHumanCheck({ db, proof, action: "sms", address: ip, now }));

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const [row] = await db
    .insert(smsCodes)
    .values({ phone, codeHash: await codeHash(phone, code), expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS), requestIp: ip, createdAt: now })
    .returning({ id: smsCodes.id });
  try {
    await sender.send(phone, code);
  } catch (err) {
    // The user got nothing: forget the code so it cannot be used, and give the budget back.
    await db.delete(smsCodes).where(eq(smsCodes.id, row.id));
    await spending.giveBack();
    log.error("sms send failed", { provider: sender.name, error: errorMessage(err) });
    throw new ApiError("unavailable", "验证码发送失败，请稍后重试");
  }
}
