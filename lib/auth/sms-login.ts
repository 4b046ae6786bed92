import "server-only";
// Code login: signing in with a code sent by lib/auth/sms-send.ts, checked by lib/auth/phone-proof.ts. It opens
// only the account holding the number proven; with none, it creates a password-less account with the number
// proven, taking it from any account that held it unproven (a number typed at registration by someone else
// never opens that account). The owner proved themselves: the account's password lock-out is cleared. Creating an
// account needs the 用户协议与隐私政策 box ticked (agree_terms); refused, the code stays unused for the retry.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { users } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { consentNow } from "@/lib/privacy/consent";
import { clearAccountLockout } from "./lockout";
import { provenHolder, withPhoneProof } from "./phone-proof";
import { insertUser } from "./queries";
import { authResult, type AuthResult } from "./service";

export async function loginWithSms({
  phone,
  code,
  agree_terms: agreed = false,
  now = new Date(),
}: {
  phone: string;
  code: string;
  agree_terms?: boolean;
  now?: Date;
}): Promise<AuthResult> {
  const user = await withPhoneProof({ phone, code, now }, async (tx) => {
    let account = await provenHolder(tx, phone);
    if (!account && !agreed) throw new ApiError("bad_request", MSG.consentRequired);
    account ??= await createPhoneUser(tx, phone, now);
    if (agreed && account.termsVersion !== consentNow(now).termsVersion) {
      [account] = await tx.update(users).set(consentNow(now)).where(eq(users.id, account.id)).returning();
    }
    await clearAccountLockout(tx, account.id);
    return account;
  });
  return authResult(user);
}

/** A password-less account for a number proven just now (each insert in a savepoint: a taken name is retried). */
async function createPhoneUser(tx: Tx, phone: string, now: Date) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await tx.transaction((sp) =>
        insertUser({
          db: sp,
          user: {
            accountName: `u${randomBytes(5).toString("hex")}`,
            phoneNumber: phone,
            phoneVerifiedAt: now,
            displayName: `用户${phone.slice(-4)}`,
            ...consentNow(now),
          },
        }),
      );
    } catch (err) {
      if (uniqueViolation(err) !== "users_account_name_key") throw err;
    }
  }
  throw new Error("could not allocate an account name");
}
