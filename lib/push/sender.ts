import "server-only";
// Sends queued notifications (outbox.ts) to every subscribed browser of their reader: each message encrypted for
// that browser (RFC 8291, aes128gcm) and signed with the site's VAPID key (RFC 8292) by the web-push library, then
// posted by us (a bounded time, no redirects). The push service's answer decides: 201/202 delivered; 404 or 410 the
// subscription is gone and removed; 429 or 5xx tried again later (at most MAX_ATTEMPTS times, backing off); any other
// 4xx is a message the service will never take. Messages are claimed under a lease (FOR UPDATE SKIP LOCKED), so
// several workers never send one twice.
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "@/lib/db/client";
import { pushMessages, pushSubscriptions } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { siteUrl } from "@/lib/site";
import { vapid } from "./subscriptions";

export const MAX_ATTEMPTS = 5;
const LEASE_MS = 60_000;
const BATCH = 50;
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a browser that is off (a reply or a digest is stale after a day). */
const TTL_S = 24 * 3600;

export type SendRound = { sent: number; delivered: number; gone: number; retried: number; dropped: number };

type Claimed = { id: number; userId: number; kind: string; title: string; body: string; url: string; attempts: number; deliveredTo: number[] };

/** Claims due messages (a lease each) so no other worker sends them meanwhile. */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  const { rows } = await db.execute<Claimed>(sql`
    update ${pushMessages} set claimed_until = ${new Date(now.getTime() + LEASE_MS)}
    where id in (
      select id from ${pushMessages}
      where sent_at is null and due_at <= ${now} and (claimed_until is null or claimed_until < ${now})
      order by due_at limit ${BATCH} for update skip locked)
    returning id, user_id as "userId", kind, title, body, url, attempts, delivered_to as "deliveredTo"`);
  return rows;
}

/** The payload the service worker shows (lib/pwa/worker/push.ts reads it). */
export function payloadOf(m: Pick<Claimed, "id" | "kind" | "title" | "body" | "url">): string {
  // A path on this site, whatever was queued (the worker opens only its own site's pages).
  const url = new URL(m.url, siteUrl());
  return JSON.stringify({ title: m.title, body: m.body, url: `${url.pathname}${url.search}${url.hash}`, tag: `${m.kind}-${m.id}` });
}

type Outcome = "delivered" | "gone" | "retry" | "dropped";

async function deliver(sub: { endpoint: string; p256dh: string; auth: string }, payload: string, keys: NonNullable<ReturnType<typeof vapid>>, urgency: "normal" | "low"): Promise<Outcome> {
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
    vapidDetails: keys,
    TTL: TTL_S,
    urgency,
    contentEncoding: "aes128gcm",
  });
  let status: number;
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: new Uint8Array(details.body as Buffer),
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
  } catch (err) {
    log.warn("push_send_failed", { host: new URL(sub.endpoint).host, error: errorMessage(err) });
    return "retry";
  }
  if (status >= 200 && status < 300) return "delivered";
  if (status === 404 || status === 410) return "gone";
  if (status === 429 || status >= 500 || status === 408) return "retry";
  log.warn("push_refused", { host: new URL(sub.endpoint).host, status });
  return "dropped";
}

/** Sends what is due now; what it did. */
export async function sendDuePushes(db: Db, now = new Date()): Promise<SendRound> {
  const round: SendRound = { sent: 0, delivered: 0, gone: 0, retried: 0, dropped: 0 };
  const keys = vapid();
  if (!keys) return round;
  const messages = await claim(db, now);
  for (const m of messages) {
    const had = new Set(m.deliveredTo);
    const subs = (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.userId))).filter((s) => !had.has(s.id));
    const payload = payloadOf(m);
    const outcomes = await Promise.all(subs.map(async (s) => [s, await deliver(s, payload, keys, m.kind === "digest" ? "low" : "normal")] as const));
    const gone = outcomes.filter(([, o]) => o === "gone").map(([s]) => s.id);
    if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    const ok = outcomes.filter(([, o]) => o === "delivered").map(([s]) => s.id);
    if (ok.length) await db.update(pushSubscriptions).set({ lastSentAt: now }).where(inArray(pushSubscriptions.id, ok));
    round.delivered += ok.length;
    round.gone += gone.length;
    const retry = outcomes.some(([, o]) => o === "retry") && m.attempts + 1 < MAX_ATTEMPTS;
    if (retry) {
      // Again later, to the browsers that have not got it yet.
      round.retried++;
      const backoff = 30_000 * 2 ** m.attempts;
      await db
        .update(pushMessages)
        .set({ attempts: m.attempts + 1, deliveredTo: [...m.deliveredTo, ...ok], dueAt: new Date(now.getTime() + backoff), claimedUntil: null })
        .where(eq(pushMessages.id, m.id));
    } else {
      if (outcomes.some(([, o]) => o === "dropped" || o === "retry")) round.dropped++;
      await db.update(pushMessages).set({ sentAt: now, attempts: m.attempts + 1, claimedUntil: null }).where(eq(pushMessages.id, m.id));
      round.sent++;
    }
  }
  return round;
}

/** Sent messages older than a week are removed (the count of the last 24 hours is all the daily cap reads). */
export async function purgeSentPushes(db: Db, now = new Date()): Promise<void> {
  await db.delete(pushMessages).where(and(lte(pushMessages.createdAt, new Date(now.getTime() - 7 * 86_400_000)), or(isNull(pushMessages.claimedUntil), lte(pushMessages.claimedUntil, now))));
}
