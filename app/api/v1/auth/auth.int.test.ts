import { describe, expect, it } from "vitest";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { POST as login } from "./login/route";
import { POST as register } from "./register/route";

const newUser = (n: string, extra: Record<string, unknown> = {}) => ({
  account_name: `user_${n}`,
  password: "secret-pass-1",
  email: `${n}@example.com`,
  phone_number: "",
  display_name: `用户${n}`,
  ...extra,
});

describe("POST /api/v1/auth/register", () => {
  it("creates an account and answers a token and the user without any password hash", async () => {
    const res = await call(register, "/api/v1/auth/register", { json: newUser("alice", { phone_number: "13800000001" }) });
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
    const res = await call(register, "/api/v1/auth/register", { json: { account_name: "minimal", password: "123456" } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: null, phone_number: null, display_name: "minimal" });
  });

  it.each([
    [{ account_name: "USER_ALICE" }, MSG.duplicateAccount],
    [{ account_name: "other1", email: "ALICE@example.com" }, MSG.duplicateEmail],
    [{ account_name: "other2", email: "x2@example.com", phone_number: "13800000001" }, MSG.duplicatePhone],
  ])("answers 409 naming the duplicate field for %j", async (extra, detail) => {
    await call(register, "/api/v1/auth/register", { json: newUser("alice", { phone_number: "13800000001" }) });
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
    await call(register, "/api/v1/auth/register", { json: newUser("bob", { phone_number: "13900000002" }) });
    for (const username of ["user_bob", "USER_BOB", "13900000002", "BOB@example.com"]) {
      const res = await call(login, "/api/v1/auth/login", { form: { username, password: "secret-pass-1" } });
      expect(res.status, username).toBe(200);
      expect(res.body.data.user.account_name).toBe("user_bob");
      expect(res.body.data.access_token).toBeTruthy();
    }
  });

  it("gives the same answer for a wrong password and an unknown user", async () => {
    await call(register, "/api/v1/auth/register", { json: newUser("carol") });
    const wrong = await call(login, "/api/v1/auth/login", { form: { username: "user_carol", password: "nope-nope" }, headers: { "x-forwarded-for": "10.0.0.2" } });
    const unknown = await call(login, "/api/v1/auth/login", { form: { username: "nobody_here", password: "nope-nope" }, headers: { "x-forwarded-for": "10.0.0.2" } });
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

  it("locks an account for 15 minutes after 10 failures, even with the right password", async () => {
    await call(register, "/api/v1/auth/register", { json: newUser("dave") });
    const attempt = (password: string, ip: string) =>
      call(login, "/api/v1/auth/login", { form: { username: "user_dave", password }, headers: { "x-forwarded-for": ip } });
    for (let i = 1; i <= 9; i++) expect((await attempt("wrong-pass", `10.1.0.${i}`)).status).toBe(401);
    const tenth = await attempt("wrong-pass", "10.1.0.10");
    expect(tenth.status).toBe(429);
    expect(Number(tenth.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(tenth.body.detail).toMatch(/登录失败次数过多，请 15 分钟后再试/);
    const right = await attempt("secret-pass-1", "10.1.0.11");
    expect(right.status).toBe(429);
  });

  it("locks a client address after 10 failures across accounts", async () => {
    await call(register, "/api/v1/auth/register", { json: newUser("erin") });
    for (let i = 0; i < 10; i++) {
      await call(login, "/api/v1/auth/login", { form: { username: `ghost${i}`, password: "x" }, headers: { "x-forwarded-for": "10.9.9.9" } });
    }
    const res = await call(login, "/api/v1/auth/login", { form: { username: "user_erin", password: "secret-pass-1" }, headers: { "x-forwarded-for": "10.9.9.9" } });
    expect(res.status).toBe(429);
    const elsewhere = await call(login, "/api/v1/auth/login", { form: { username: "user_erin", password: "secret-pass-1" }, headers: { "x-forwarded-for": "10.9.9.10" } });
    expect(elsewhere.status).toBe(200);
  });
});
