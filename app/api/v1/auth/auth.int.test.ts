import { describe, expect, it } from "vitest";
import { loginWithPassword } from "@/lib/auth/service";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { codeSentTo } from "@/test/sms-codes";
import { POST as smsLogin } from "../sms/login/route";
import { POST as login } from "./login/route";
import { POST as register } from "./register/route";

const newUser = (n: string, extra: Record<string, unknown> = {}) => ({
  account_name: `user_${n}`,
  password: "secret-pass-1",
  email: `${n}@example.com`,
  phone_number: "",
  display_name: `用户${n}`,
  agree_terms: true,
  ...extra,
});

describe("POST /api/v1/auth/register", () => {
  it("creates an account and answers a token and the user without any password hash", async () => {
    const code = await codeSentTo("13800000001");
    const res = await call(register, "/api/v1/auth/register", { json: newUser("alice", { phone_number: "13800000001", sms_code: code }) });
    expect(res.status).toBe(200);
    expect(res.body.data.access_token.split(".")).toHaveLength(3);
    expect(res.body.data.user).toMatchObject({
      account_name: "user_alice",
      email: "alice@example.com",
      phone_number: "13800000001",
      display_name: "用户alice",
      has_password: true,
    });
    expect(res.text).not.toMatch(/argon2|hashed_password|secret-pass-1/);
  });

  it("needs only a user name and a password", async () => {
    const res = await call(register, "/api/v1/auth/register", { json: { account_name: "minimal", password: "123456", agree_terms: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: null, phone_number: null, display_name: "minimal" });
  });

  it.each([
    [{ account_name: "USER_ALICE" }, MSG.duplicateAccount],
    [{ account_name: "other1", email: "ALICE@example.com" }, MSG.duplicateEmail],
  ])("answers 409 naming the duplicate field for %j", async (extra, detail) => {
    const res = await call(register, "/api/v1/auth/register", { json: { ...newUser("zz"), ...extra } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(detail);
  });

  it.each([
    [{ account_name: "" }, "用户名"],
    [{ account_name: "a" }, "用户名至少 2 个字符"],
    [{ account_name: "12345678" }, "用户名不能是纯数字"],
    [{ account_name: "bad name!" }, "用户名只能包含"],
    [{ password: "" }, "密码"],
    [{ password: "123" }, "密码至少 6 位"],
    [{ email: "not-an-email" }, "邮箱格式不正确"],
    [{ phone_number: "12345" }, MSG.invalidPhone],
    [{ phone_number: "13800000009" }, MSG.phoneCodeRequired],
    [{ phone_number: "13800000009", sms_code: "12345" }, MSG.invalidCode],
    [{ display_name: "名".repeat(33) }, "昵称不能超过 32 个字符"],
    [{ account_name: 42 }, "account_name"],
  ])("rejects %j with 400", async (extra, detail) => {
    const res = await call(register, "/api/v1/auth/register", { json: { ...newUser("bad"), ...extra } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it("rejects malformed JSON and oversized bodies", async () => {
    expect((await call(register, "/api/v1/auth/register", { raw: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    const huge = await call(register, "/api/v1/auth/register", { json: newUser("big", { bio: "x".repeat(20_000) }) });
    expect(huge.status).toBe(413);
  });
});

describe("POST /api/v1/auth/login", () => {
  it("signs in by account name, phone or e-mail (form-encoded)", async () => {
    const code = await codeSentTo("13900000002");
    await call(register, "/api/v1/auth/register", { json: newUser("bob", { phone_number: "13900000002", sms_code: code }) });
    for (const username of ["user_bob", "USER_BOB", "13900000002", "BOB@example.com"]) {
      const res = await call(login, "/api/v1/auth/login", { form: { username, password: "secret-pass-1" } });
      expect(res.status, username).toBe(200);
      expect(res.body.data.user.account_name).toBe("user_bob");
      expect(res.body.data.access_token).toBeTruthy();
    }
  });

  it("gives the same answer for a wrong password and an unknown user", async () => {
    await call(register, "/api/v1/auth/register", { json: newUser("carol") });
    const wrong = await call(login, "/api/v1/auth/login", { form: { username: "user_carol", password: "nope-nope" }, peer: "10.0.0.2" });
    const unknown = await call(login, "/api/v1/auth/login", { form: { username: "nobody_here", password: "nope-nope" }, peer: "10.0.0.2" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: MSG.badCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("requires both fields", async () => {
    const res = await call(login, "/api/v1/auth/login", { form: { username: "", password: "" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(MSG.accountRequired);
  });
});

// Issue 28 row 11: the lock-out counts per resolved account, and one address cannot lock the owner out elsewhere.
describe("password lock-out", () => {
  const signIn = (username: string, password: string, ip: string) =>
    loginWithPassword({ username, password, ip }).then(
      () => 200,
      (err: { status: number }) => err.status,
    );

  it("counts the account's name, e-mail and proven phone against one budget at an address, without locking the address", async () => {
    const phone = "13900000101";
    await call(register, "/api/v1/auth/register", { json: newUser("fay", { phone_number: phone, sms_code: await codeSentTo(phone) }) });
    await call(register, "/api/v1/auth/register", { json: newUser("hal") });
    const names = ["user_fay", "FAY@example.com", phone];
    for (let i = 0; i < 9; i++) expect(await signIn(names[i % 3], "wrong-pass", "10.2.0.1")).toBe(401);
    expect(await signIn(phone, "wrong-pass", "10.2.0.1")).toBe(429);
    for (const name of names) expect(await signIn(name, "secret-pass-1", "10.2.0.1"), name).toBe(429);
    // Someone else behind the same address (a carrier's NAT) still signs in.
    expect(await signIn("user_hal", "secret-pass-1", "10.2.0.1")).toBe(200);
  });

  it("locks the account at the failing address for 15 minutes, but not the owner at another address", async () => {
    await call(register, "/api/v1/auth/register", { json: newUser("dave") });
    for (let i = 1; i <= 9; i++) expect(await signIn("user_dave", "wrong-pass", "10.1.0.1")).toBe(401);
    const tenth = await loginWithPassword({ username: "user_dave", password: "wrong-pass", ip: "10.1.0.1" }).catch((e: unknown) => e);
    expect(tenth).toMatchObject({ status: 429, message: expect.stringMatching(/登录失败次数过多，请 15 分钟后再试/) });
    expect(Number((tenth as { headers: Record<string, string> }).headers["Retry-After"])).toBeGreaterThan(14 * 60);
    expect(await signIn("user_dave", "secret-pass-1", "10.1.0.1")).toBe(429);
    expect(await signIn("user_dave", "secret-pass-1", "10.1.0.2")).toBe(200);
  });

  it("an unknown login string has the same budget as an account", async () => {
    for (let i = 0; i < 9; i++) expect(await signIn("nobody_at_all", "wrong-pass", "10.3.0.1")).toBe(401);
    expect(await signIn("NOBODY_AT_ALL", "wrong-pass", "10.3.0.1")).toBe(429);
    expect(await signIn("nobody_at_all", "wrong-pass", "10.3.0.2")).toBe(401);
  });

  it("50 failures across addresses, by any of its names, stop password login for the account until a code login", async () => {
    const phone = "13900000102";
    await call(register, "/api/v1/auth/register", { json: newUser("gus", { phone_number: phone, sms_code: await codeSentTo(phone) }) });
    const names = ["user_gus", "gus@example.com", phone];
    for (let i = 0; i < 49; i++) expect(await signIn(names[i % 3], "wrong-pass", `10.4.${i}.1`)).toBe(401);
    expect(await signIn("user_gus", "wrong-pass", "10.4.99.1")).toBe(429);
    for (const name of names) expect(await signIn(name, "secret-pass-1", "10.4.100.1"), name).toBe(429);
    const code = await call(smsLogin, "/api/v1/sms/login", { json: { phone, code: await codeSentTo(phone), agree_terms: true } });
    expect(code.status).toBe(200);
    expect(await signIn("user_gus", "secret-pass-1", "10.4.100.1")).toBe(200);
  });

  it("locks a client address after 30 failures across accounts", async () => {
    await call(register, "/api/v1/auth/register", { json: newUser("erin") });
    for (let i = 0; i < 30; i++) await signIn(`ghost${i}`, "x", "10.9.9.9");
    expect(await signIn("user_erin", "secret-pass-1", "10.9.9.9")).toBe(429);
    expect(await signIn("user_erin", "secret-pass-1", "10.9.9.10")).toBe(200);
  });
});
