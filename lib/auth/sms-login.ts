import "server-only";
// Code login: signing in with a code sent by lib/auth/sms-send.ts, checked by lib/auth/phone-proof.ts. It opens
// only the account holding the number proven; with none, it creates a password-less account with the number
// proven, taking it from any account that held it unproven (a number typed at registration by someone else
// never opens that account). The owner proved themselves: the account's password lock-out is cleared.
import { randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { clearAccountLockout } from "./lockout";
import { provenHolder, withPhoneProof } from "./phone-proof";
import { insertUser } from "./queries";
import { authResult, type AuthResult } from "./service";

export async function loginWithSms({ phone, code, now = new Date() }: { phone: string; code: string; now?: Date }): Promise<AuthResult> {
  const user = await withPhoneProof({ phone, code, now }, async (tx) => {
    const account = (await provenHolder(tx, phone)) ?? (await createPhoneUser(tx, phone, now));
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
          user: { accountName: `u${randomBytes(5).toString("hex")}`, phoneNumber: phone, phoneVerifiedAt: now, displayName: `用户${phone.slice(-4)}` },
        }),
      );
    } catch (err) {
      if (uniqueViolation(err) !== "users_account_name_key") throw err;
    }
  }
  throw new Error("could not allocate an account name");
}
