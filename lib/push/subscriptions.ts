import "server-only";
// Web Push subscriptions (issue 45): a browser the reader turned notifications on in (a click on /profile), and
// which notifications their browsers get. The server posts to the endpoint a subscription names, so only the
// browsers' own push services are accepted (and PUSH_EXTRA_ORIGINS): a stranger cannot make it post anywhere else.
import { and, count, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { pushSubscriptions, users, type User } from "@/lib/db/schema";
import { siteUrl } from "@/lib/site";

/** A reader's browsers with notifications on (a phone, a tablet, a computer or two). */
export const MAX_SUBSCRIPTIONS = 10;

/** The push services of Chromium (FCM), Firefox, Safari and Edge: an endpoint's host is one of these or below it. */
const PUSH_HOSTS = ["fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

/** Whether the server may post to `endpoint` (https on a known push service, or an origin PUSH_EXTRA_ORIGINS allows). */
export function allowedEndpoint(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (getConfig().PUSH_EXTRA_ORIGINS.includes(url.origin)) return true;
  return url.protocol === "https:" && (url.port === "" || url.port === "443") && PUSH_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

/** The VAPID keys and contact, or null when the site has none (no notifications). */
export function vapid(): { publicKey: string; privateKey: string; subject: string } | null {
  const c = getConfig();
  if (!c.VAPID_PUBLIC_KEY || !c.VAPID_PRIVATE_KEY) return null;
  return { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject: c.VAPID_SUBJECT ?? `mailto:webmaster@${new URL(siteUrl()).hostname}` };
}

export type PushState = {
  /** Whether the site can send notifications at all (VAPID keys configured). */
  available: boolean;
  public_key: string | null;
  /** How many of the reader's browsers have them on. */
  subscriptions: number;
  replies: boolean;
  digest: boolean;
};

export async function pushState(db: Db, user: User): Promise<PushState> {
  const [{ n }] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  const keys = vapid();
  return { available: Boolean(keys), public_key: keys?.publicKey ?? null, subscriptions: n, replies: user.pushReplies, digest: user.pushDigest };
}

export async function setPushKinds(db: Db, user: User, kinds: { replies?: boolean; digest?: boolean }): Promise<PushState> {
  const [row] = await db
    .update(users)
    .set({ ...(kinds.replies === undefined ? {} : { pushReplies: kinds.replies }), ...(kinds.digest === undefined ? {} : { pushDigest: kinds.digest }) })
    .where(eq(users.id, user.id))
    .returning();
  return pushState(db, row);
}

/**
 * Keeps a browser's subscription for the reader. The same endpoint again (the browser renewed its keys, or another
 * account signed in on it) belongs to this reader from now on — a browser has one subscription, and notifications
 * follow whoever turned them on last there.
 */
export async function subscribe(db: Db, user: User, sub: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<PushState> {
  if (!vapid()) throw new ApiError("conflict", "本站暂未开通消息推送");
  if (!allowedEndpoint(sub.endpoint)) throw new ApiError("bad_request", "不支持的推送服务地址");
  await db.transaction(async (tx) => {
    // The reader's own rows, locked, so two browsers subscribing at once cannot both pass the cap.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id)));
    const [mine] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
    if (!mine && n >= MAX_SUBSCRIPTIONS) throw new ApiError("bad_request", `最多在 ${MAX_SUBSCRIPTIONS} 个浏览器上开启推送，请先在其他设备上关闭`);
    await tx
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: user.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: new Date() } });
  });
  return pushState(db, user);
}

/** Forgets the reader's subscription at `endpoint` (notifications turned off in that browser); idempotent. */
export async function unsubscribe(db: Db, user: User, endpoint: string): Promise<PushState> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)));
  return pushState(db, user);
}
