// Issue 28 row 1, account pre-hijack: a phone number counts for sign-in only once a code sent to it proved it.
// An attacker registers with the owner's number; the owner's code login must land in an account of the owner's
// own, and the attacker's account must lose the number.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { summaryTasks, users } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { codeSentTo, wrongCode } from "@/test/sms-codes";
import { POST as smsLogin } from "../sms/login/route";
import { GET as me } from "../users/me/route";
import { PUT as bindPhone } from "../users/me/phone/route";
import { POST as login } from "./login/route";
import { POST as register } from "./register/route";

const PASSWORD = "attacker-pass-1";
const registerWith = (account: string, extra: Record<string, unknown>) =>
  call(register, "/api/v1/auth/register", { json: { account_name: account, password: PASSWORD, agree_terms: true, ...extra } });
const passwordLogin = (username: string) => call(login, "/api/v1/auth/login", { form: { username, password: PASSWORD } });
const codeLogin = async (phone: string) => call(smsLogin, "/api/v1/sms/login", { json: { phone, code: await codeSentTo(phone), agree_terms: true } });
const bind = async (token: string, phone: string, code?: string) =>
  call(bindPhone, "/api/v1/users/me/phone", { method: "PUT", token, json: { phone, code: code ?? (await codeSentTo(phone)) } });

/** An account from before proofs were required: a password and a number nobody proved. */
async function legacyHolder(account: string, phone: string) {
  const [u] = await (await getDb())
    .insert(users)
    .values({ accountName: account, hashedPassword: await hashPassword(PASSWORD), phoneNumber: phone, phoneVerifiedAt: null })
    .returning();
  return u;
}
const phoneOf = async (id: number) => (await (await getDb()).select().from(users).where(eq(users.id, id)))[0].phoneNumber;

describe("an attacker registering with the owner's number", () => {
  const OWNER = "13912345678";

  it("is refused without the code sent to it, and with a wrong one", async () => {
    const bare = await registerWith("attacker", { phone_number: OWNER });
    expect(bare.status).toBe(400);
    expect(bare.body.detail).toBe(MSG.phoneCodeRequired);
    const guessed = await registerWith("attacker", { phone_number: OWNER, sms_code: "123456" });
    expect(guessed.status).toBe(400);
    expect(guessed.body.detail).toBe(MSG.codeExpired);
    await codeSentTo(OWNER); // the owner asked for a code; the attacker does not have it
    const wrong = await registerWith("attacker", { phone_number: OWNER, sms_code: "000000" });
    expect(wrong.status).toBe(400);
    expect([MSG.codeWrong, MSG.codeExpired]).toContain(wrong.body.detail);
    expect((await (await getDb()).select().from(users).where(eq(users.phoneNumber, OWNER)))).toEqual([]);
  });

  it("held unproven (an account from before proofs): the owner's code login gets a new account, and the attacker loses the number", async () => {
    const attacker = await legacyHolder("legacy_attacker", OWNER);
    // The unproven number is no login name.
    expect((await passwordLogin(OWNER)).status).toBe(401);
    const attackerToken = (await passwordLogin("legacy_attacker")).body.data.access_token as string;

    const owner = await codeLogin(OWNER);
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.id).not.toBe(attacker.id);
    expect(owner.body.data.user).toMatchObject({ phone_number: OWNER, phone_verified: true, has_password: false });

    expect(await phoneOf(attacker.id)).toBeNull();
    const attackerView = await call(me, "/api/v1/users/me", { token: attackerToken });
    expect(attackerView.body).toMatchObject({ id: attacker.id, phone_number: null, phone_verified: false });
    expect((await passwordLogin(OWNER)).status).toBe(401);

    // The owner comes back to the same account.
    expect((await codeLogin(OWNER)).body.data.user.id).toBe(owner.body.data.user.id);
  });
});

describe("registration with a phone", () => {
  it("stores the number proven with its code; a wrong code says so; the number then signs in with the password", async () => {
    const phone = "13912340001";
    const code = await codeSentTo(phone);
    const wrong = await registerWith("reg_wrong", { phone_number: phone, sms_code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(MSG.codeWrong);
    const ok = await registerWith("reg_phone", { phone_number: phone, sms_code: code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ phone_number: phone, phone_verified: true, has_password: true });
    expect((await passwordLogin(phone)).body.data.user.id).toBe(ok.body.data.user.id);
    // The code was used up.
    expect((await registerWith("reg_again", { phone_number: phone, sms_code: code })).body.detail).toBe(MSG.codeExpired);
  });

  it("answers 409 for a number held proven, and takes one held unproven", async () => {
    const proven = "13912340002";
    expect((await registerWith("reg_first", { phone_number: proven, sms_code: await codeSentTo(proven) })).status).toBe(200);
    const taken = await registerWith("reg_second", { phone_number: proven, sms_code: await codeSentTo(proven) });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(MSG.duplicatePhone);

    const unproven = "13912340003";
    const legacy = await legacyHolder("reg_legacy", unproven);
    const claimed = await registerWith("reg_claimer", { phone_number: unproven, sms_code: await codeSentTo(unproven) });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.user.phone_verified).toBe(true);
    expect(await phoneOf(legacy.id)).toBeNull();
  });

  it("keeps the code usable when the registration fails for another reason", async () => {
    const phone = "13912340004";
    expect((await registerWith("reg_name_taken", {})).status).toBe(200);
    const code = await codeSentTo(phone);
    expect((await registerWith("REG_NAME_TAKEN", { phone_number: phone, sms_code: code })).status).toBe(409);
    expect((await registerWith("reg_name_free", { phone_number: phone, sms_code: code })).status).toBe(200);
  });
});

describe("PUT /api/v1/users/me/phone", () => {
  it("binds a number by its code, ends the other sessions and answers a fresh token", async () => {
    const phone = "13912340010";
    const first = (await registerWith("bind_owner", {})).body.data.access_token as string;
    const second = (await passwordLogin("bind_owner")).body.data.access_token as string;
    const code = await codeSentTo(phone);
    const wrong = await bind(first, phone, wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(MSG.codeWrong);
    const res = await bind(first, phone, code);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ phone_number: phone, phone_verified: true });
    for (const old of [first, second]) expect((await call(me, "/api/v1/users/me", { token: old })).status).toBe(401);
    expect((await call(me, "/api/v1/users/me", { token: res.body.data.access_token })).body.phone_number).toBe(phone);
    // The bound number now opens this account by code.
    expect((await codeLogin(phone)).body.data.user.id).toBe(res.body.data.user.id);
  });

  it("answers 409 for a number another account holds proven, and proves the account's own unproven number", async () => {
    const phone = "13912340011";
    const holder = await registerWith("bind_holder", { phone_number: phone, sms_code: await codeSentTo(phone) });
    const other = (await registerWith("bind_other", {})).body.data.access_token as string;
    const taken = await bind(other, phone);
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(MSG.duplicatePhone);
    expect(await phoneOf(holder.body.data.user.id)).toBe(phone);

    const legacyPhone = "13912340012";
    const legacy = await legacyHolder("bind_legacy", legacyPhone);
    const token = (await passwordLogin("bind_legacy")).body.data.access_token as string;
    expect((await call(me, "/api/v1/users/me", { token })).body).toMatchObject({ phone_number: legacyPhone, phone_verified: false });
    const proven = await bind(token, legacyPhone);
    expect(proven.body.data.user).toMatchObject({ id: legacy.id, phone_number: legacyPhone, phone_verified: true });
    expect((await passwordLogin(legacyPhone)).body.data.user.id).toBe(legacy.id);
  });

  it("moves the number from the empty account a code login made to the owner's real account, never from one holding data", async () => {
    // The owner registered with a password before proofs; a code login then made a second, empty account.
    const phone = "13912340013";
    const real = await legacyHolder("bind_real", phone);
    const stray = (await codeLogin(phone)).body.data;
    expect(stray.user.id).not.toBe(real.id);
    const token = (await passwordLogin("bind_real")).body.data.access_token as string;
    const moved = await bind(token, phone);
    expect(moved.status).toBe(200);
    expect(moved.body.data.user).toMatchObject({ id: real.id, phone_number: phone, phone_verified: true });
    expect(await phoneOf(stray.user.id)).toBeNull();
    expect((await call(me, "/api/v1/users/me", { token: stray.access_token })).status).toBe(401);

    // A password-less account that holds something (here a summary task) keeps its number.
    const phone2 = "13912340014";
    const used = (await codeLogin(phone2)).body.data.user.id as number;
    await (await getDb()).insert(summaryTasks).values({ userId: used, url: "https://example.com/a", normalizedUrl: "https://example.com/a", method: "quick" });
    const other = (await registerWith("bind_other2", {})).body.data.access_token as string;
    expect((await bind(other, phone2)).status).toBe(409);
    expect(await phoneOf(used)).toBe(phone2);
  });
});
