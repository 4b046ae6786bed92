// Issue 28 row 10: tokens can be revoked. A token must carry `exp` and the account's token version (`ver`);
// sign-out, 退出所有设备, a password change and a phone change move the version on, ending every earlier token.
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { authSecret } from "@/lib/auth/secret";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { codeSentTo } from "@/test/sms-codes";
import { POST as smsLogin } from "../sms/login/route";
import { PUT as setPassword } from "../users/me/password/route";
import { GET as me } from "../users/me/route";
import { POST as login } from "./login/route";
import { POST as logout } from "./logout/route";
import { POST as logoutAll } from "./logout-all/route";
import { POST as register } from "./register/route";

const PASSWORD = "session-pass-1";
let seq = 0;
async function signUp() {
  const account = `sess_${++seq}`;
  const res = await call(register, "/api/v1/auth/register", { json: { account_name: account, password: PASSWORD, agree_terms: true } });
  return { account, id: res.body.data.user.id as number, token: res.body.data.access_token as string };
}
const signIn = async (account: string, password = PASSWORD) =>
  (await call(login, "/api/v1/auth/login", { form: { username: account, password } })).body.data.access_token as string;
const status = async (token: string) => (await call(me, "/api/v1/users/me", { token })).status;

describe("tokens", () => {
  it("refuses a correctly signed token without exp", async () => {
    const { id } = await signUp();
    const forever = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(String(id)).setIssuedAt().sign(await authSecret());
    const res = await call(me, "/api/v1/users/me", { token: forever });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe(MSG.tokenInvalid);
  });

  it("refuses a token of another version than the account's, and one without a version", async () => {
    const { id, token } = await signUp();
    const sign = (claims: Record<string, unknown>) =>
      authSecret().then((key) => new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(String(id)).setExpirationTime("1h").sign(key));
    expect(await status(token)).toBe(200);
    expect(await status(await sign({ ver: 1 }))).toBe(401);
    expect(await status(await sign({}))).toBe(401);
    expect(await status(await sign({ ver: "0" }))).toBe(401);
  });
});

describe("ending sessions", () => {
  it.each([
    ["POST /api/v1/auth/logout", logout, "/api/v1/auth/logout"],
    ["POST /api/v1/auth/logout-all", logoutAll, "/api/v1/auth/logout-all"],
  ] as const)("%s ends every session of the account, and only of that account", async (_name, handler, url) => {
    const { account, token: first } = await signUp();
    const second = await signIn(account);
    const bystander = await signUp();
    const res = await call(handler, url, { method: "POST", token: first });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(401);
    expect(await status(bystander.token)).toBe(200);
    // Signing in again works; the ended token stays ended.
    expect(await status(await signIn(account))).toBe(200);
    expect((await call(handler, url, { method: "POST", token: first })).status).toBe(401);
  });

  it("a password change ends the other sessions and answers a fresh token for this one", async () => {
    const { account, token: here } = await signUp();
    const elsewhere = await signIn(account);
    const put = (token: string, json: Record<string, unknown>) => call(setPassword, "/api/v1/users/me/password", { method: "PUT", token, json });

    const missing = await put(here, { new_password: "new-pass-2" });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe(MSG.currentPasswordRequired);
    const wrong = await put(here, { current_password: "not-it", new_password: "new-pass-2" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(MSG.currentPasswordWrong);
    expect(await status(here)).toBe(200);

    const res = await put(here, { current_password: PASSWORD, new_password: "new-pass-2" });
    expect(res.status).toBe(200);
    expect(res.body.data.user.has_password).toBe(true);
    expect(await status(here)).toBe(401);
    expect(await status(elsewhere)).toBe(401);
    expect(await status(res.body.data.access_token)).toBe(200);
    expect((await call(login, "/api/v1/auth/login", { form: { username: account, password: PASSWORD } })).status).toBe(401);
    expect(await status(await signIn(account, "new-pass-2"))).toBe(200);
  });

  it("an account without a password sets one with a code sent to its proven phone", async () => {
    const phone = "13912349001";
    const created = await call(smsLogin, "/api/v1/sms/login", { json: { phone, code: await codeSentTo(phone), agree_terms: true } });
    const token = created.body.data.access_token as string;
    const put = (json: Record<string, unknown>) => call(setPassword, "/api/v1/users/me/password", { method: "PUT", token, json });
    const bare = await put({ new_password: "first-pass-1" });
    expect(bare.status).toBe(400);
    expect(bare.body.detail).toBe(MSG.phoneCodeRequired);
    const res = await put({ code: await codeSentTo(phone), new_password: "first-pass-1" });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: created.body.data.user.id, has_password: true });
    expect(await status(token)).toBe(401);
    expect(await status(await signIn(phone, "first-pass-1"))).toBe(200);
  });
});
