import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleSender, setSmsSenderForTests } from "@/lib/auth/sms";
import { sendSmsCode } from "@/lib/auth/sms-send";
import { getDb } from "@/lib/db";
import { smsCodes } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { solvedProof } from "@/test/human-check";
import { POST as smsLogin } from "./login/route";
import { POST as smsSend } from "./send/route";

/** Captures the codes the "provider" would have delivered. */
const sent = new Map<string, string>();
setSmsSenderForTests({ name: "capture", send: async (phone, code) => void sent.set(phone, code) });
afterEach(() => setSmsSenderForTests({ name: "capture", send: async (phone, code) => void sent.set(phone, code) }));

let ipSeq = 0;
const send = (phone: string, ip = `172.16.0.${++ipSeq}`) => call(smsSend, "/api/v1/sms/send", { json: { phone }, peer: ip });
const loginWith = (phone: string, code: string) => call(smsLogin, "/api/v1/sms/login", { json: { phone, code, agree_terms: true } });

describe("POST /api/v1/sms/send", () => {
  it("sends a 6-digit code, stored only as a hash", async () => {
    const res = await send("13700000001");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true, expires_in: 300, resend_in: 60 } });
    const code = sent.get("13700000001")!;
    expect(code).toMatch(/^\d{6}$/);
    const rows = await (await getDb()).select().from(smsCodes).where(eq(smsCodes.phone, "13700000001"));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(code);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(["", "1380000000", "23800000000", "12800000000", "138000000001", "１３８００００００００", "abc", "1380000\u00000000"])(
    "rejects the phone %j with the spec's message",
    async (phone) => {
      const res = await send(phone);
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(MSG.invalidPhone);
    },
  );

  it("refuses a second send within 60 s with Retry-After", async () => {
    expect((await send("13700000002")).status).toBe(200);
    const again = await send("13700000002");
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(55);
    expect(again.body.detail).toMatch(/发送太频繁，请 \d+ 秒后再试/);
  });

  it("allows 10 sends per phone per day and refuses the 11th", async () => {
    const start = Date.now() - 23 * 3_600_000;
    for (let i = 0; i < 10; i++) {
      await sendSmsCode({ phone: "13700000003", ip: `172.17.0.${i}`, now: new Date(start + i * 61_000) });
    }
    const eleventh = sendSmsCode({ phone: "13700000003", ip: "172.17.1.1", now: new Date(start + 2 * 3_600_000) });
    await expect(eleventh).rejects.toMatchObject({ status: 429, message: expect.stringContaining("今天的验证码发送次数已达上限") });
    // A day after the first one, a slot frees up.
    await expect(sendSmsCode({ phone: "13700000003", ip: "172.17.1.2", now: new Date(start + 24 * 3_600_000 + 1000) })).resolves.toBeUndefined();
  });

  it("allows 20 sends per client address per hour (a human check each after the third)", async () => {
    const checked = async (phone: string) =>
      call(smsSend, "/api/v1/sms/send", { json: { phone }, peer: "192.0.2.7", headers: { "x-human-check": await solvedProof("sms", "192.0.2.7") } });
    for (let i = 0; i < 20; i++) expect((await checked(`136${String(i).padStart(4, "0")}0000`)).status).toBe(200);
    const res = await checked("13699990000");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3600");
  });

  it("answers 503 when no SMS provider is configured", async () => {
    setSmsSenderForTests(null);
    const res = await send("13700000004");
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(MSG.smsUnavailable);
  });

  it("forgets the code when the provider fails, so it neither counts nor works", async () => {
    setSmsSenderForTests({ name: "broken", send: async () => Promise.reject(new Error("provider down")) });
    const spy = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const res = await send("13700000005");
    spy.mockRestore();
    expect(res.status).toBe(503);
    expect(await (await getDb()).select().from(smsCodes).where(eq(smsCodes.phone, "13700000005"))).toHaveLength(0);
  });

  it("the console provider prints the phone and the code", async () => {
    const spy = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await consoleSender.send("13700000006", "123456");
    const line = String(spy.mock.calls[0][0]);
    spy.mockRestore();
    expect(line).toContain("验证码");
    expect(line).toContain("13700000006");
    expect(line).toContain("123456");
  });
});

describe("POST /api/v1/sms/login", () => {
  it("creates a password-less account on the first login of a phone, and signs it in later", async () => {
    await send("13500000001");
    const first = await loginWith("13500000001", sent.get("13500000001")!);
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ phone_number: "13500000001", has_password: false, display_name: "用户0001" });
    expect(first.body.data.access_token).toBeTruthy();
    await sendSmsCode({ phone: "13500000001", ip: "172.16.9.9", now: new Date(Date.now() + 61_000) }); // past the resend wait
    const second = await loginWith("13500000001", sent.get("13500000001")!);
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
  });

  it("accepts a code only once", async () => {
    await send("13500000002");
    const code = sent.get("13500000002")!;
    expect((await loginWith("13500000002", code)).status).toBe(200);
    const reuse = await loginWith("13500000002", code);
    expect(reuse.status).toBe(400);
    expect(reuse.body.detail).toBe(MSG.codeExpired);
  });

  it("allows 5 wrong tries and refuses the 6th, even with the right code", async () => {
    await send("13500000003");
    const code = sent.get("13500000003")!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await loginWith("13500000003", wrong);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(MSG.codeWrong);
    }
    const sixth = await loginWith("13500000003", code);
    expect(sixth.status).toBe(400);
    expect(sixth.body.detail).toBe(MSG.codeTooManyTries);
  });

  it("refuses an expired code", async () => {
    await send("13500000004");
    await (await getDb()).update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.phone, "13500000004"));
    const res = await loginWith("13500000004", sent.get("13500000004")!);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(MSG.codeExpired);
  });

  it("refuses a phone that never asked for a code", async () => {
    expect((await loginWith("13500000009", "123456")).body.detail).toBe(MSG.codeExpired);
  });

  it.each([
    [{ phone: "123", code: "123456" }, MSG.invalidPhone],
    [{ phone: "13500000001", code: "12345" }, MSG.invalidCode],
    [{ phone: "13500000001", code: "abcdef" }, MSG.invalidCode],
    [{ phone: "13500000001" }, "code"],
  ])("rejects %j with 400", async (body, detail) => {
    const res = await call(smsLogin, "/api/v1/sms/login", { json: body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });
});
