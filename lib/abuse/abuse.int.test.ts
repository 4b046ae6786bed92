// Both databases: the budgets' row locks under concurrent requests (PGlite serializes statements; a server does not).
// Issue 28, rows 3, 6 and 12 (content types): the attacks, played against the route handlers on a real database.
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { GET as humanCheck } from "@/app/api/v1/human-check/route";
import { POST as chat } from "@/app/api/v1/chat/route";
import { POST as smsLogin } from "@/app/api/v1/sms/login/route";
import { POST as smsSend } from "@/app/api/v1/sms/send/route";
import { reset } from "@/lib/api/rate-limit";
import { setSmsSenderForTests } from "@/lib/auth/sms";
import { sendSmsCode } from "@/lib/auth/sms-send";
import { checkChatLimit } from "@/lib/chat/service";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { smsCodes, summaryTasks, users } from "@/lib/db/schema";
import { createTask } from "@/lib/summary/service";
import { call } from "@/test/api";
import { HUMAN_CHECK_HEADER, issueChallenge } from "./human-check";
import { solvedProof } from "@/test/human-check";
import { chinaDayOf } from "./budgets";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

const delivered: string[] = [];
beforeAll(() => setSmsSenderForTests({ name: "capture", send: async (phone) => void delivered.push(phone) }));

let prefixSeq = 0;
/** A number in a 7-digit block of its own, so the per-prefix budget never mixes tests. */
const phone = () => `15${String(++prefixSeq).padStart(5, "0")}${String(prefixSeq % 10000).padStart(4, "0")}`;
const send = (peer: string, opts: { number?: string; headers?: Record<string, string> } = {}) =>
  call(smsSend, "/api/v1/sms/send", { json: { phone: opts.number ?? phone() }, peer, headers: opts.headers });
const requestIps = async (phones: string[]) =>
  (await (await getDb()).select({ ip: smsCodes.requestIp }).from(smsCodes).where(inArray(smsCodes.phone, phones))).map((r) => r.ip);

function withEnv(name: string, value: string) {
  const before = process.env[name];
  process.env[name] = value;
  resetConfig();
  return () => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
    resetConfig();
  };
}
let restore: (() => void)[] = [];
afterEach(() => {
  for (const r of restore.reverse()) r();
  restore = [];
});

describe("row 3: the client address comes from the socket unless TRUSTED_PROXIES says otherwise", () => {
  it("a spoofed X-Forwarded-For buys no new budget: one socket is one address", async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await send("192.0.2.50", { headers: { "x-forwarded-for": `6.6.${i}.6` } })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3); // then the human check (428) for this address
    expect(statuses.slice(3).every((s) => s === 428)).toBe(true);
  });

  it("with TRUSTED_PROXIES=1 the right-most X-Forwarded-For entry (the one nginx appended) is the client", async () => {
    restore.push(withEnv("TRUSTED_PROXIES", "1"));
    const number = phone();
    expect((await send("10.0.0.1", { number, headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9" } })).status).toBe(200);
    expect(await requestIps([number])).toEqual(["203.0.113.9"]);
  });

  it("with a CIDR list, trusted proxies are skipped from the right", async () => {
    restore.push(withEnv("TRUSTED_PROXIES", "10.0.0.0/8, 2001:db8::/32"));
    const number = phone();
    expect((await send("10.0.0.1", { number, headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.10, 2001:db8::7, 10.9.9.9" } })).status).toBe(200);
    expect(await requestIps([number])).toEqual(["203.0.113.10"]);
  });

  it("has no shared bucket: requests without X-Forwarded-For from different sockets have their own budgets", async () => {
    const numbers = Array.from({ length: 25 }, phone);
    const statuses = [];
    for (const [i, number] of numbers.entries()) statuses.push((await send(`198.51.100.${i + 1}`, { number })).status);
    expect(statuses).toEqual(Array(25).fill(200));
    expect(new Set(await requestIps(numbers)).size).toBe(25);
  });

  it("counts an IPv6 client per /64", async () => {
    for (let i = 1; i <= 3; i++) expect((await send(`2001:db8:77:1::${i}`)).status).toBe(200);
    expect((await send("2001:db8:77:1:ffff::9")).status).toBe(428); // the same /64
    expect((await send("2001:db8:77:2::1")).status).toBe(200); // the next /64
  });

  it("answers 503 for a request without the server's socket stamp rather than share one key", async () => {
    const res = await send("");
    expect(res.status).toBe(503);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe("row 6: registration has a budget per address, with a human check above its threshold", () => {
  let seq = 0;
  const signUp = (peer: string, headers: Record<string, string> = {}) =>
    call(register, "/api/v1/auth/register", { json: { account_name: `abuse_${process.pid}_${++seq}`, password: "secret-pass-1", agree_terms: true }, peer, headers });

  it("asks for the human check from the third registration in an hour, takes a solved one once, and stops at 5", async () => {
    expect((await signUp("203.0.113.60")).status).toBe(200);
    expect((await signUp("203.0.113.60")).status).toBe(200);
    const third = await signUp("203.0.113.60");
    expect(third.status).toBe(428);
    expect(third.body).toEqual({ detail: "操作较频繁，请先完成人机验证", human_check: "required" });
    const proof = await solvedProof("register", "203.0.113.60");
    expect((await signUp("203.0.113.60", { [HUMAN_CHECK_HEADER]: proof })).status).toBe(200);
    const replay = await signUp("203.0.113.60", { [HUMAN_CHECK_HEADER]: proof });
    expect(replay.status).toBe(428);
    expect(replay.body.detail).toBe("该人机验证已使用过，请重试");
    expect((await signUp("203.0.113.60", { [HUMAN_CHECK_HEADER]: await solvedProof("register", "203.0.113.60") })).status).toBe(200);
    expect((await signUp("203.0.113.60", { [HUMAN_CHECK_HEADER]: await solvedProof("register", "203.0.113.60") })).status).toBe(200);
    const sixth = await signUp("203.0.113.60", { [HUMAN_CHECK_HEADER]: await solvedProof("register", "203.0.113.60") });
    expect(sixth.status).toBe(429);
    expect(sixth.body.detail).toMatch(/^当前网络注册过于频繁，请 \d+ 分钟后再试$/);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signUp("203.0.113.61")).status).toBe(200); // another address
  });

  it("refuses a forged, tampered or expired solution", async () => {
    for (let i = 0; i < 2; i++) await signUp("203.0.113.62");
    const challenge = await issueChallenge({ action: "register", address: "203.0.113.62", counter: 2 });
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
    const tampered = encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution });
    const wrong = encode({ challenge, solution: { ...solution, derivedKey: "00".repeat(32) } });
    const old = await issueChallenge({ action: "register", address: "203.0.113.62", counter: 2, now: new Date(Date.now() - 11 * 60_000) });
    const expired = encode({ challenge: old, solution: await solveChallenge({ challenge: old, deriveKey }) });
    for (const [name, proof] of Object.entries({ garbage: "not base64 json", tampered, wrong, expired })) {
      const res = await signUp("203.0.113.62", { [HUMAN_CHECK_HEADER]: proof });
      expect(res.status, name).toBe(428);
      expect(res.body.human_check).toBe("required");
    }
  });
});

describe("row 6: sending codes within the abuse budget", () => {
  it("asks an address for the human check after 3 codes in the hour; a solution passes once", async () => {
    for (let i = 0; i < 3; i++) expect((await send("203.0.113.70")).status).toBe(200);
    const fourth = await send("203.0.113.70");
    expect(fourth.status).toBe(428);
    expect(fourth.body.human_check).toBe("required");
    const proof = await solvedProof("sms", "203.0.113.70");
    expect((await send("203.0.113.70", { headers: { [HUMAN_CHECK_HEADER]: proof } })).status).toBe(200);
    expect((await send("203.0.113.70", { headers: { [HUMAN_CHECK_HEADER]: proof } })).status).toBe(428);
  });

  it("limits codes to one number prefix (first 7 digits) to 20 an hour, whatever the addresses", async () => {
    const block = "1391234";
    for (let i = 0; i < 20; i++) expect((await send(`198.51.101.${i + 1}`, { number: `${block}${String(i).padStart(4, "0")}` })).status).toBe(200);
    const res = await send("198.51.101.200", { number: `${block}9999` });
    expect(res.status).toBe(429);
    expect(res.body.detail).toBe("该号段请求验证码过于频繁，请稍后再试");
  });

  it("stops the whole site at SMS_DAILY_LIMIT a China day, with the human check for everyone past half", async () => {
    restore.push(withEnv("SMS_DAILY_LIMIT", "4"));
    const db = await getDb();
    const today = chinaDayOf(new Date());
    await reset(db, `sms:site:${today.day}`);
    restore.push(() => void reset(db, `sms:site:${today.day}`));
    expect((await send("198.51.102.1")).status).toBe(200);
    expect((await send("198.51.102.2")).status).toBe(200);
    expect((await send("198.51.102.3")).status).toBe(428); // a fresh address, but the site is past half its cap
    expect((await send("198.51.102.3", { headers: { [HUMAN_CHECK_HEADER]: await solvedProof("sms", "198.51.102.3") } })).status).toBe(200);
    expect((await send("198.51.102.4", { headers: { [HUMAN_CHECK_HEADER]: await solvedProof("sms", "198.51.102.4") } })).status).toBe(200);
    const full = await send("198.51.102.5", { headers: { [HUMAN_CHECK_HEADER]: await solvedProof("sms", "198.51.102.5") } });
    expect(full.status).toBe(429);
    expect(full.body.detail).toBe("今日验证码发送量已达上限，请明天再试或使用账号密码登录");
    const untilMidnight = Math.ceil((today.endsAt.getTime() - Date.now()) / 1000);
    expect(Math.abs(Number(full.headers.get("retry-after")) - untilMidnight)).toBeLessThanOrEqual(5);
    // The next China day starts afresh.
    await expect(sendSmsCode({ phone: phone(), ip: "198.51.102.6", now: today.endsAt })).resolves.toBeUndefined();
  });

  it("sends nothing with SMS_DAILY_LIMIT=0", async () => {
    restore.push(withEnv("SMS_DAILY_LIMIT", "0"));
    const res = await send("198.51.102.9");
    expect(res.status).toBe(503);
  });
});

describe("issue 42, row 10: a proof passes only the action and address it was issued for; issuing is a budget", () => {
  it("refuses a proof made for registering, or for another address; takes one made for this send from here", async () => {
    for (let i = 0; i < 3; i++) expect((await send("203.0.113.140")).status).toBe(200); // the fourth needs the check
    const proofFor = async (action: "sms" | "register", address: string) => ({ [HUMAN_CHECK_HEADER]: await solvedProof(action, address) });
    expect((await send("203.0.113.140", { headers: await proofFor("register", "203.0.113.140") })).status).toBe(428);
    expect((await send("203.0.113.140", { headers: await proofFor("sms", "203.0.113.141") })).status).toBe(428);
    expect((await send("203.0.113.140", { headers: await proofFor("sms", "203.0.113.140") })).status).toBe(200);
  });

  it("issues challenges for the three actions only, 60 an hour to an address", async () => {
    const issue = (peer: string, path: string) => call(humanCheck, `/api/v1/human-check?for=${encodeURIComponent(path)}`, { peer });
    const first = await issue("203.0.113.142", "/sms/send");
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ parameters: expect.any(Object), signature: expect.any(String) });
    const unknown = await issue("203.0.113.142", "/likes");
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe("参数 for：须为需要人机验证的接口（/sms/send、/auth/register 或 /comments）");
    for (let i = 1; i < 60; i++) expect((await issue("203.0.113.142", i % 2 ? "/auth/register" : "/sms/send")).status).toBe(200);
    const over = await issue("203.0.113.142", "/sms/send");
    expect([over.status, over.body.detail]).toEqual([429, "人机验证请求过于频繁，请稍后再试"]);
    expect((await issue("203.0.113.143", "/sms/send")).status).toBe(200); // another address
  });
});

describe("row 6: free accounts do not multiply the AI and summary budget", () => {
  const userCreated = async (ageMs: number) => {
    const [u] = await (await getDb()).insert(users).values({ accountName: `fresh_${process.pid}_${++prefixSeq}`, createdAt: new Date(Date.now() - ageMs) }).returning();
    return u;
  };

  it("gives an account younger than a day 50 chat questions a day, an older one 300", async () => {
    const fresh = await userCreated(3_600_000);
    const old = await userCreated(3 * 86_400_000);
    const start = Date.now();
    for (let i = 0; i < 50; i++) {
      const now = new Date(start + i * 61_000); // past the per-minute limit
      await checkChatLimit({ db: await getDb(), user: fresh, ip: "203.0.113.80", now });
      await checkChatLimit({ db: await getDb(), user: old, ip: "203.0.113.81", now });
    }
    const later = new Date(start + 50 * 61_000);
    await expect(checkChatLimit({ db: await getDb(), user: fresh, ip: "203.0.113.80", now: later })).rejects.toMatchObject({ status: 429 });
    await expect(checkChatLimit({ db: await getDb(), user: old, ip: "203.0.113.81", now: later })).resolves.toBeUndefined();
  });

  it("caps signed-in questions from one address however many accounts ask", async () => {
    restore.push(withEnv("ABUSE_LIMIT_SCALE", "0.05")); // 30 a day from an address, 3 per fresh account
    const db = await getDb();
    for (let u = 0; u < 10; u++) {
      const user = await userCreated(60_000);
      for (let i = 0; i < 3; i++) await checkChatLimit({ db, user, ip: "203.0.113.82" });
    }
    await expect(checkChatLimit({ db, user: await userCreated(60_000), ip: "203.0.113.82" })).rejects.toMatchObject({ status: 429 });
    await expect(checkChatLimit({ db, user: await userCreated(60_000), ip: "203.0.113.83" })).resolves.toBeUndefined();
  });

  it("gives an account younger than a day 10 summaries a day, and one address 100 whoever asks", async () => {
    const db = await getDb();
    const task = async (user: { id: number }, ip: string, fresh: boolean) => {
      const created = await createTask({ db, userId: user.id, body: { url: `https://example.com/a/${++prefixSeq}`, method: "quick", force: false }, budget: { ip, fresh } });
      await db.update(summaryTasks).set({ status: "completed" }).where(eq(summaryTasks.uuid, created.task_id));
    };
    const fresh = await userCreated(60_000);
    for (let i = 0; i < 10; i++) await task(fresh, "203.0.113.90", true);
    await expect(task(fresh, "203.0.113.90", true)).rejects.toMatchObject({ status: 429, message: "每天最多发起 10 个总结任务，明天再来吧" });

    restore.push(withEnv("ABUSE_LIMIT_SCALE", "0.05")); // 5 a day from an address, 1 per fresh account
    for (let u = 0; u < 5; u++) await task(await userCreated(60_000), "203.0.113.91", true);
    await expect(task(await userCreated(60_000), "203.0.113.91", true)).rejects.toMatchObject({ status: 429, message: "当前网络今天发起的总结任务过多，明天再来吧" });
  });
});

describe("row 12: public POSTs take JSON only, from this site only", () => {
  const routes = [
    ["POST /api/v1/sms/send", smsSend, { phone: "13800000000" }],
    ["POST /api/v1/sms/login", smsLogin, { phone: "13800000000", code: "123456", agree_terms: true }],
    ["POST /api/v1/auth/register", register, { account_name: "csrf_victim", password: "secret-pass-1", agree_terms: true }],
    ["POST /api/v1/chat", chat, { message: "你好", history: [] }],
  ] as const;

  it.each(routes.flatMap(([name, handler, body]) => [
    [`${name}, text/plain`, handler, "text/plain", JSON.stringify(body)],
    [`${name}, a form`, handler, "application/x-www-form-urlencoded", new URLSearchParams(body as Record<string, string>).toString()],
  ] as const))("%s → 415", async (_name, handler, type, raw) => {
    const res = await call(handler, "/api/v1/x", { method: "POST", raw, headers: { "content-type": type } });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe("请求格式须为 JSON（Content-Type: application/json）");
  });

  it.each(routes.map(([name, handler, body]) => [name, handler, body] as const))("%s from another site's page → 403", async (_name, handler, body) => {
    const res = await call(handler, "/api/v1/x", { json: body, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("不接受来自其他网站的请求，请在本站页面内操作");
  });
});
