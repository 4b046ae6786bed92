// A code "sent" to a phone in integration tests: stored the way lib/auth/sms-send.ts stores it (an HMAC, 5 minutes),
// without the send route's limits and provider, so tests of what a code proves need neither.
import { randomInt } from "node:crypto";
import { SMS_CODE_TTL_MS } from "@/lib/auth/constants";
import { codeHash } from "@/lib/auth/sms-code";
import { getDb } from "@/lib/db";
import { smsCodes } from "@/lib/db/schema";

let seq = 0;

/** Stores a fresh code for `phone` (the latest one, as a new send would be) and returns it. */
export async function codeSentTo(phone: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  // Each later than the last, so the newest code is the one checked, as after a real resend.
  const createdAt = new Date(Date.now() + ++seq);
  await (await getDb())
    .insert(smsCodes)
    .values({ phone, codeHash: await codeHash(phone, code), expiresAt: new Date(createdAt.getTime() + SMS_CODE_TTL_MS), requestIp: "test", createdAt });
  return code;
}

/** A 6-digit code other than `code`. */
export const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");
