// Consent to the 用户协议与隐私政策 through the real routes: registration refuses without it, a code sign-in that
// would create an account refuses without it (and leaves the code usable for the retry), an existing account signs
// in by code without it, what was agreed (version and time) is kept on the account and in its export; and the
// retention sweep that keeps the policy's promises about SMS codes and rate-limit rows.
import { eq, inArray, like as sqlLike, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { POST as smsLogin } from "@/app/api/v1/sms/login/route";
import { GET as exportMe } from "@/app/api/v1/users/me/export/route";
import { getDb } from "@/lib/db";
import { rateLimits, smsCodes, users } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { codeSentTo } from "@/test/sms-codes";
import { POLICY_VERSION, SMS_CODE_RETENTION_DAYS } from "./policy";
import { sweepRetention } from "./retention";

let n = 0;
const account = () => `consent_${process.pid}_${++n}`;
const phone = () => `1360${String(process.pid % 10_000).padStart(4, "0")}${String(++n).padStart(3, "0")}`;
const userNamed = async (name: string) => (await (await getDb()).select().from(users).where(eq(users.accountName, name)))[0];
const userWithPhone = async (p: string) => (await (await getDb()).select().from(users).where(eq(users.phoneNumber, p)))[0];

describe("registration asks for consent", () => {
  it.each([
    ["left out", {}],
    ["false", { agree_terms: false }],
    ["the string true", { agree_terms: "true" }],
    ["1", { agree_terms: 1 }],
    ["null", { agree_terms: null }],
  ])("refuses agree_terms %s with 400 and the Chinese reason, and creates nothing", async (_name, extra) => {
    const name = account();
    const res = await call(register, "/api/v1/auth/register", { json: { account_name: name, password: "secret-pass-1", ...extra } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(MSG.consentRequired);
    expect(await userNamed(name)).toBeUndefined();
  });

  it("keeps the version agreed to and when, on the account and in its export", async () => {
    const name = account();
    const before = Date.now();
    const res = await call(register, "/api/v1/auth/register", { json: { account_name: name, password: "secret-pass-1", agree_terms: true } });
    expect(res.status).toBe(200);
    const row = await userNamed(name);
    expect(row.termsVersion).toBe(POLICY_VERSION);
    expect(row.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const exported = await call(exportMe, "/api/v1/users/me/export", { token: res.body.data.access_token });
    expect(exported.body.consent).toEqual({ policy_version: POLICY_VERSION, agreed_at: row.termsAcceptedAt!.toISOString() });
  });
});

describe("a code sign-in asks for consent when it creates the account", () => {
  it("refuses a new number without agree_terms, then the same code signs up with it", async () => {
    const p = phone();
    const code = await codeSentTo(p);
    const refused = await call(smsLogin, "/api/v1/sms/login", { json: { phone: p, code } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(MSG.consentRequired);
    expect(await userWithPhone(p)).toBeUndefined();
    // The refusal rolled back: the code was not used up.
    const [stored] = await (await getDb()).select().from(smsCodes).where(eq(smsCodes.phone, p));
    expect(stored.consumedAt).toBeNull();

    const agreed = await call(smsLogin, "/api/v1/sms/login", { json: { phone: p, code, agree_terms: true } });
    expect(agreed.status).toBe(200);
    expect(await userWithPhone(p)).toMatchObject({ termsVersion: POLICY_VERSION });
  });

  it("refuses agree_terms that is not a boolean", async () => {
    const p = phone();
    const res = await call(smsLogin, "/api/v1/sms/login", { json: { phone: p, code: await codeSentTo(p), agree_terms: "yes" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(MSG.consentRequired);
  });

  it("signs in an existing account without it, and records it when given to an account that never agreed", async () => {
    const p = phone();
    const name = account();
    await (await getDb()).insert(users).values({ accountName: name, phoneNumber: p, phoneVerifiedAt: new Date() });
    const plain = await call(smsLogin, "/api/v1/sms/login", { json: { phone: p, code: await codeSentTo(p) } });
    expect(plain.status).toBe(200);
    expect(plain.body.data.user.account_name).toBe(name);
    expect((await userNamed(name)).termsVersion).toBeNull();

    const ticked = await call(smsLogin, "/api/v1/sms/login", { json: { phone: p, code: await codeSentTo(p), agree_terms: true } });
    expect(ticked.status).toBe(200);
    const row = await userNamed(name);
    expect(row.termsVersion).toBe(POLICY_VERSION);
    // Agreed once to this version: a later tick keeps the first time.
    await call(smsLogin, "/api/v1/sms/login", { json: { phone: p, code: await codeSentTo(p), agree_terms: true } });
    expect((await userNamed(name)).termsAcceptedAt).toEqual(row.termsAcceptedAt);
  });
});

describe("the retention sweep", () => {
  it(`removes SMS codes older than ${SMS_CODE_RETENTION_DAYS} days and rate-limit rows a day past expiry, and nothing newer`, async () => {
    const db = await getDb();
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const p = phone();
    const codes = await db
      .insert(smsCodes)
      .values([SMS_CODE_RETENTION_DAYS + 1, SMS_CODE_RETENTION_DAYS - 1, 0].map((d) => ({ phone: p, codeHash: "00", expiresAt: daysAgo(d), requestIp: "203.0.113.9", createdAt: daysAgo(d) })))
      .returning({ id: smsCodes.id, createdAt: smsCodes.createdAt });
    const prefix = `retention:${process.pid}:`;
    await db.insert(rateLimits).values([
      { key: `${prefix}old`, count: 1, windowStart: daysAgo(3), expiresAt: daysAgo(2) },
      { key: `${prefix}recent`, count: 1, windowStart: daysAgo(1), expiresAt: new Date(now.getTime() - 3_600_000) },
      { key: `${prefix}live`, count: 1, windowStart: now, expiresAt: new Date(now.getTime() + 60_000) },
    ]);

    const swept = await sweepRetention(db, now);
    expect(swept.smsCodes).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: smsCodes.id }).from(smsCodes).where(inArray(smsCodes.id, codes.map((c) => c.id)));
    expect(left.map((r) => r.id).sort()).toEqual(codes.slice(1).map((c) => c.id).sort());
    const keys = await db.select({ key: rateLimits.key }).from(rateLimits).where(sqlLike(rateLimits.key, `${prefix}%`));
    expect(keys.map((k) => k.key).sort()).toEqual([`${prefix}live`, `${prefix}recent`]);
    // Nothing anywhere older than the promise is left.
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from sms_codes where created_at < ${daysAgo(SMS_CODE_RETENTION_DAYS)}`);
    expect(rows[0].n).toBe(0);
  });
});
