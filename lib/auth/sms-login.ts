import "server-only";
// Code login: sending a 6-digit code (limits per phone and per client IP, counted from the sms_codes rows
// themselves) and signing in with it (5 minutes, single use, at most 5 wrong tries). The first code
// login of an unknown phone creates its account, without a password.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { rateLimited, waitText } from "@/lib/api/rate-limit";
import { getDb } from "@/lib/db";
import { uniqueViolation } from "@/lib/db/errors";
import { smsCodes } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { MSG } from "@/lib/messages";
import {
  SMS_CODE_TTL_MS,
  SMS_MAX_WRONG_TRIES,
  SMS_PER_IP_PER_HOUR,
  SMS_PER_PHONE_PER_DAY,
  SMS_RESEND_SECONDS,
} from "./constants";
import { findUserByPhone, insertUser } from "./queries";
import { authSecret } from "./secret";
import { authResult, conflictFor, type AuthResult } from "./service";
import { smsSender } from "./sms";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function codeHash(phone: string, code: string): Promise<string> {
  return createHmac("sha256", await authSecret()).update(`sms:${phone}:${code}`).digest("hex");
}

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

type Verdict = "ok" | "expired" | "wrong" | "locked";

export async function loginWithSms({ phone, code, now = new Date() }: { phone: string; code: string; now?: Date }): Promise<AuthResult> {
  const db = await getDb();
  const expected = Buffer.from(await codeHash(phone, code), "hex");
  // The verdict is committed before answering, so a wrong try is counted even though the call fails.
  const verdict: Verdict = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
      .for("update");
    if (!row || row.expiresAt <= now) return "expired";
    if (row.attempts >= SMS_MAX_WRONG_TRIES) return "locked";
    if (!timingSafeEqual(Buffer.from(row.codeHash, "hex"), expected)) {
      await tx.update(smsCodes).set({ attempts: row.attempts + 1 }).where(eq(smsCodes.id, row.id));
      return "wrong";
    }
    await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, row.id));
    return "ok";
  });
  if (verdict === "expired") throw new ApiError("bad_request", MSG.codeExpired);
  if (verdict === "locked") throw new ApiError("bad_request", MSG.codeTooManyTries);
  if (verdict === "wrong") throw new ApiError("bad_request", MSG.codeWrong);

  const user = (await findUserByPhone({ db, phone })) ?? (await createPhoneUser(phone));
  return authResult(user);
}

/** A password-less account for a phone that signs in by code for the first time. */
async function createPhoneUser(phone: string) {
  const db = await getDb();
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await insertUser({
        db,
        user: { accountName: `u${randomBytes(5).toString("hex")}`, phoneNumber: phone, displayName: `用户${phone.slice(-4)}` },
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      // Two first logins at once: the other one created it.
      if (constraint === "users_phone_number_key") return (await findUserByPhone({ db, phone }))!;
      if (constraint !== "users_account_name_key") conflictFor(err);
    }
  }
  throw new Error("could not allocate an account name");
}
