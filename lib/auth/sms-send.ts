import "server-only";
// Sending a 6-digit code: limits per phone and per client IP (counted from the sms_codes rows themselves),
// then the provider. The code is stored only as an HMAC (lib/auth/sms-code.ts).
import { randomInt } from "node:crypto";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { rateLimited, waitText } from "@/lib/api/rate-limit";
import { getDb } from "@/lib/db";
import { smsCodes } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { MSG } from "@/lib/messages";
import { SMS_CODE_TTL_MS, SMS_PER_IP_PER_HOUR, SMS_PER_PHONE_PER_DAY, SMS_RESEND_SECONDS } from "./constants";
import { codeHash } from "./sms-code";
import { smsSender } from "./sms";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const secondsUntil = (t: Date, now: Date) => Math.max(1, Math.ceil((t.getTime() - now.getTime()) / 1000));

export async function sendSmsCode({ phone, ip, now = new Date() }: { phone: string; ip: string; now?: Date }) {
  const sender = smsSender();
  if (!sender) throw new ApiError("unavailable", MSG.smsUnavailable);
  const db = await getDb();
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
    const [{ n }] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.requestIp, ip), gt(smsCodes.createdAt, new Date(now.getTime() - HOUR))));
    if (Number(n) >= SMS_PER_IP_PER_HOUR) {
      throw rateLimited("当前网络请求验证码过于频繁，请稍后再试", 3600);
    }
    const [row] = await tx
      .insert(smsCodes)
      .values({ phone, codeHash: hash, expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS), requestIp: ip, createdAt: now })
      .returning({ id: smsCodes.id });
    return row.id;
  });

  try {
    await sender.send(phone, code);
  } catch (err) {
    // The user got nothing: forget the code so it neither counts against the limits nor can be used.
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    log.error("sms send failed", { provider: sender.name, error: errorMessage(err) });
    throw new ApiError("unavailable", "验证码发送失败，请稍后重试");
  }
}
