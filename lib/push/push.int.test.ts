// Both databases: the daily cap's row lock under concurrent queuing.
// Web Push end to end (issue 45, acceptance 3): the test plays a browser's push service on loopback and holds the
// subscription's keys like a browser does. A reply to a reader's comment and a digest each reach it as one message,
// VAPID-signed (RFC 8292: the JWT verified with the site's public key) and encrypted (RFC 8291, aes128gcm: decrypted
// here with the browser's private key) to the expected Chinese text; a 410 removes the subscription; a 429 is tried
// again later without sending twice to a browser that has it; subscriptions to anything but a push service are
// refused (the server must never post where a stranger says); the daily cap; B cannot touch A's subscription.
import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as post } from "@/app/api/v1/articles/[id]/comments/route";
import { GET as getPush, PUT as putPush } from "@/app/api/v1/users/me/push/route";
import { DELETE as unsubscribeRoute, POST as subscribeRoute } from "@/app/api/v1/users/me/push/subscriptions/route";
import { getDb } from "@/lib/db";
import { pushMessages, pushSubscriptions } from "@/lib/db/schema";
import { call } from "@/test/api";
import { withEnv } from "@/test/env";
import { listenLoopback, type Loopback } from "@/test/loopback";
import { newArticles, newUser } from "@/test/users";
import { DAILY_PUSHES, queuePush } from "./outbox";
import { sendDuePushes } from "./sender";

const KEYS = webpush.generateVAPIDKeys();
type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
let service: Loopback;
let received: Received[] = [];
/** What the push service answers next, per path (201 by default). */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  service = await listenLoopback((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(req.url!)?.shift() ?? 201;
      res.end();
    });
  });
});
afterAll(() => service.close());
beforeEach(() => {
  received = [];
  answers.clear();
  withEnv({ VAPID_PUBLIC_KEY: KEYS.publicKey, VAPID_PRIVATE_KEY: KEYS.privateKey, VAPID_SUBJECT: "mailto:push@shiyue.example", PUSH_EXTRA_ORIGINS: new URL(service.url).origin });
});

/** A browser's side of a subscription: its P-256 key pair and auth secret, and an endpoint on the loopback service. */
function browser(name: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${service.url}push/${name}-${randomBytes(4).toString("hex")}`;
  return { ecdh, auth, endpoint, json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } } };
}
type Browser = ReturnType<typeof browser>;

/** RFC 8291 / RFC 8188 decryption as a browser does it: the message's plaintext. */
function decrypt(b: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const serverKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = b.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), b.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, b.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  return padded.subarray(0, padded.lastIndexOf(2)).toString("utf8");
}

/** Checks the VAPID Authorization header (vapid t=<JWT>, k=<public key>) as a push service does; its claims. */
function verifyVapid(headers: IncomingHttpHeaders): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? "");
  expect(m, String(headers.authorization)).toBeTruthy();
  const [jwt, k] = [m![1], m![2]];
  expect(k).toBe(KEYS.publicKey);
  const [h, p, s] = jwt.split(".");
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") }, format: "jwk" });
  expect(verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"))).toBe(true);
  expect(JSON.parse(Buffer.from(h, "base64url").toString())).toMatchObject({ alg: "ES256" });
  return JSON.parse(Buffer.from(p, "base64url").toString());
}

const subscribe = (who: { token: string }, json: unknown) => call(subscribeRoute, "/api/v1/users/me/push/subscriptions", { method: "POST", token: who.token, json });
const comment = (who: { token: string }, on: number, content: string, replyTo?: number) =>
  call(post, `/api/v1/articles/${on}/comments`, { token: who.token, json: { content, ...(replyTo ? { reply_to: replyTo } : {}) }, params: { id: String(on) } });

describe("Web Push", () => {
  it("a reply reaches the commenter's browser as one VAPID-signed, RFC 8291-encrypted message with the reply in Chinese", async () => {
    const [{ id: on }] = await newArticles(1, "推送");
    const alice = await newUser("alice", { phone: true });
    const bob = await newUser("bob", { phone: true });
    const phone = browser("alice-phone");
    const subscribed = await subscribe(alice, phone.json);
    expect(subscribed.status).toBe(201);
    expect(subscribed.body.data).toMatchObject({ available: true, public_key: KEYS.publicKey, subscriptions: 1, replies: true, digest: true });

    const root = await comment(alice, on, "这篇写得真好");
    const reply = await comment(bob, on, "同意，尤其是第二段  讲得很清楚", root.body.data.id);
    expect(reply.status).toBe(201);
    expect(await sendDuePushes(await getDb())).toMatchObject({ sent: 1, delivered: 1 });

    expect(received).toHaveLength(1);
    const [msg] = received;
    expect(msg.path).toBe(new URL(phone.endpoint).pathname);
    expect(msg.headers["content-encoding"]).toBe("aes128gcm");
    expect(msg.headers.ttl).toBe("86400");
    expect(msg.headers.urgency).toBe("normal");
    const claims = verifyVapid(msg.headers);
    expect(claims.aud).toBe(new URL(service.url).origin);
    expect(claims.sub).toBe("mailto:push@shiyue.example");
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    const payload = JSON.parse(decrypt(phone, msg.body));
    expect(payload).toEqual({
      title: expect.stringMatching(/^bob_\S+ 回复了你的评论$/),
      body: "同意，尤其是第二段 讲得很清楚",
      url: `/articles/${on}#comment-${reply.body.data.id}`,
      tag: expect.stringMatching(/^reply-\d+$/),
    });
    expect(root.status).toBe(201);
    // Sent once: the next round has nothing.
    expect(await sendDuePushes(await getDb())).toMatchObject({ sent: 0 });
    expect(received).toHaveLength(1);
  });

  it("today's digest, made by the worker, reaches the reader's browser (low urgency)", async () => {
    const { digestRound } = await import("@/lib/digest/worker");
    await newArticles(6, "精选候选");
    const reader = await newUser("digest");
    const db = await getDb();
    const laptop = browser("reader-laptop");
    expect((await subscribe(reader, laptop.json)).status).toBe(201);
    const { users } = await import("@/lib/db/schema");
    const { chinaDay } = await import("@/lib/china-time");
    await db.update(users).set({ activeOn: chinaDay(new Date()), digestMinute: 0 }).where(eq(users.id, reader.id));
    const round = await digestRound(db, { now: new Date() });
    expect(round.readers).toBeGreaterThanOrEqual(1);
    await sendDuePushes(db);
    const mine = received.filter((r) => r.path === new URL(laptop.endpoint).pathname);
    expect(mine).toHaveLength(1);
    expect(mine[0].headers.urgency).toBe("low");
    expect(JSON.parse(decrypt(laptop, mine[0].body))).toMatchObject({ title: "今日精选已为你准备好", url: "/digest" });
  });

  it("a 410 from the push service removes the subscription; a 429 is tried again later, not twice to a browser that has it", async () => {
    const reader = await newUser("gone");
    const db = await getDb();
    const [old, phone, laptop] = [browser("old"), browser("phone"), browser("laptop")];
    for (const b of [old, phone, laptop]) expect((await subscribe(reader, b.json)).status).toBe(201);
    answers.set(new URL(old.endpoint).pathname, [410]);
    answers.set(new URL(laptop.endpoint).pathname, [429]);
    await queuePush(db, reader.id, "reply", { title: "有人回复了你的评论", body: "你好", url: "/" });
    const first = await sendDuePushes(db);
    expect(first).toMatchObject({ sent: 0, delivered: 1, gone: 1, retried: 1 });
    const left = await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id));
    expect(left.map((s) => s.endpoint).sort()).toEqual([laptop.endpoint, phone.endpoint].sort());
    // Not due yet; then, past the backoff, only the laptop is asked again.
    expect(await sendDuePushes(db)).toMatchObject({ sent: 0 });
    const later = await sendDuePushes(db, new Date(Date.now() + 60_000));
    expect(later).toMatchObject({ sent: 1, delivered: 1 });
    const paths = received.map((r) => r.path);
    expect(paths.filter((p) => p === new URL(phone.endpoint).pathname)).toHaveLength(1);
    expect(paths.filter((p) => p === new URL(laptop.endpoint).pathname)).toHaveLength(2);
    expect(JSON.parse(decrypt(laptop, received.at(-1)!.body))).toMatchObject({ body: "你好" });
  });

  it("refuses an endpoint that is not a browser's push service (the server would post there), and bad keys, with a Chinese reason", async () => {
    const reader = await newUser("ssrf");
    const good = browser("x").json;
    for (const endpoint of ["http://169.254.169.254/latest/meta-data", "https://127.0.0.1:5432/", "https://fcm.googleapis.com.evil.example/x", "https://user:pw@fcm.googleapis.com/x", "http://fcm.googleapis.com/fcm/send/x", "javascript:alert(1)"]) {
      const res = await subscribe(reader, { ...good, endpoint });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.detail).toMatch(/推送服务地址|endpoint/);
    }
    expect((await subscribe(reader, { ...good, keys: { p256dh: "短", auth: good.keys.auth } })).status).toBe(400);
    expect((await subscribe(reader, { endpoint: good.endpoint })).status).toBe(400);
    expect((await (await getDb()).select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id)))).toEqual([]);
    // A real push service's address is accepted (nothing is sent to it here).
    expect((await subscribe(reader, { ...good, endpoint: "https://fcm.googleapis.com/fcm/send/abc123" })).status).toBe(201);
  });

  it("without VAPID keys the site offers no notifications (409 on subscribing, available false)", async () => {
    withEnv({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" });
    const reader = await newUser("nokeys");
    expect((await call(getPush, "/api/v1/users/me/push", { token: reader.token })).body.data).toMatchObject({ available: false, public_key: null });
    const res = await subscribe(reader, browser("n").json);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("本站暂未开通消息推送");
  });

  it("50 notifications queued at once for one reader stop at the daily cap (the reader's row locked for the count)", async () => {
    const a = await newUser("burst");
    const db = await getDb();
    await subscribe(a, browser("burst").json);
    const queued = await Promise.all(Array.from({ length: 50 }, (_, i) => queuePush(db, a.id, "reply", { title: "有人回复了你的评论", body: `第 ${i} 条`, url: "/" })));
    expect(queued.filter(Boolean)).toHaveLength(DAILY_PUSHES);
    expect((await db.select().from(pushMessages).where(eq(pushMessages.userId, a.id))).length).toBe(DAILY_PUSHES);
  });

  it("kinds switched off queue nothing; at most DAILY_PUSHES a day; B unsubscribing A's endpoint leaves A's subscription", async () => {
    const a = await newUser("kinds");
    const b = await newUser("other");
    const db = await getDb();
    const phone = browser("kinds");
    await subscribe(a, phone.json);
    const off = await call(putPush, "/api/v1/users/me/push", { method: "PUT", token: a.token, json: { replies: false } });
    expect(off.body.data).toMatchObject({ replies: false, digest: true });
    expect(await queuePush(db, a.id, "reply", { title: "t", body: "b", url: "/" })).toBe(false);
    expect(await queuePush(db, a.id, "digest", { title: "t", body: "b", url: "/digest" })).toBe(true);
    for (let i = 1; i < DAILY_PUSHES; i++) await queuePush(db, a.id, "digest", { title: "t", body: "b", url: "/digest" });
    expect(await queuePush(db, a.id, "digest", { title: "t", body: "b", url: "/digest" })).toBe(false);
    expect((await db.select().from(pushMessages).where(eq(pushMessages.userId, a.id))).length).toBe(DAILY_PUSHES);

    const attack = await call(unsubscribeRoute, "/api/v1/users/me/push/subscriptions", { method: "DELETE", token: b.token, json: { endpoint: phone.endpoint } });
    expect(attack.status).toBe(200);
    expect(attack.body.data.subscriptions).toBe(0);
    expect((await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.id))).length).toBe(1);
    const own = await call(unsubscribeRoute, "/api/v1/users/me/push/subscriptions", { method: "DELETE", token: a.token, json: { endpoint: phone.endpoint } });
    expect(own.body.data.subscriptions).toBe(0);
  });
});
