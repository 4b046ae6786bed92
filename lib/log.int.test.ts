// What the logs never hold: passwords, password hashes, tokens, SMS codes — whatever the request. Every
// JSON line written during sign-up, sign-in, profile edits, code login and a failing call is checked.
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { POST as smsLogin } from "@/app/api/v1/sms/login/route";
import { POST as smsSend } from "@/app/api/v1/sms/send/route";
import { GET as me, PUT as updateMe } from "@/app/api/v1/users/me/route";
import { setSmsSenderForTests } from "@/lib/auth/sms";
import { call } from "@/test/api";

const written: string[] = [];
const originals = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
let smsCode = "";

beforeAll(() => {
  for (const [stream, original] of [[process.stdout, originals.out], [process.stderr, originals.err]] as const) {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (original as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  }
  setSmsSenderForTests({ name: "capture", send: async (_phone, code) => void (smsCode = code) });
});
afterAll(() => {
  process.stdout.write = originals.out;
  process.stderr.write = originals.err;
});

it("logs one line per API call with a request id, and never a password, token or code", async () => {
  const password = "Hunter2-秘密-pass";
  const account = `logcheck${Date.now()}`;
  const reg = await call(register, "/api/v1/auth/register", { json: { account_name: account, password, agree_terms: true } });
  expect(reg.status).toBe(200);
  const token: string = reg.body.data.access_token;
  expect((await call(login, "/api/v1/auth/login", { json: { username: account, password } })).status).toBe(200);
  expect((await call(login, "/api/v1/auth/login", { json: { username: account, password: `${password}-wrong` } })).status).toBe(401);
  expect((await call(me, "/api/v1/users/me", { token })).status).toBe(200);
  await call(updateMe, "/api/v1/users/me", { method: "PUT", json: { display_name: "日志检查" }, token });
  expect((await call(me, "/api/v1/users/me", { token: `${token}x` })).status).toBe(401);
  expect((await call(smsSend, "/api/v1/sms/send", { json: { phone: "13912345678" }, peer: "10.9.8.7" })).status).toBe(200);
  expect(smsCode).toMatch(/^\d{6}$/);
  const sms = await call(smsLogin, "/api/v1/sms/login", { json: { phone: "13912345678", code: smsCode, agree_terms: true } });
  expect(sms.status).toBe(200);

  const lines = written.join("").split("\n").filter((l) => l.startsWith("{"));
  const apiLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "api");
  expect(apiLines.length).toBeGreaterThanOrEqual(8);
  for (const l of apiLines) expect(l).toMatchObject({ requestId: expect.any(String), method: expect.any(String), path: expect.stringMatching(/^\/api\//), status: expect.any(Number) });
  const all = written.join("");
  for (const secret of [password, token, sms.body.data.access_token, smsCode, token.split(".")[2]]) expect(all).not.toContain(secret);
  expect(all).not.toMatch(/\$argon2/);
});
