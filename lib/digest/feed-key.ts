import "server-only";
// The secret in a reader's private digest feed URL (/feeds/digest/{key}.xml): `{user id}-{HMAC-SHA256 of the
// account's nonce under AUTH_SECRET}`. The database keeps only the nonce (users.digest_feed_key), so a copy of
// it gives no feed; a new nonce rotates the URL and null revokes it. Checked in constant time.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { authSecret } from "@/lib/auth/secret";
import type { Db } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";

const KEY = /^(\d{1,10})-([A-Za-z0-9_-]{43})$/;

async function mac(userId: number, nonce: string): Promise<string> {
  return createHmac("sha256", await authSecret()).update(`digest-feed\n${userId}\n${nonce}`).digest("base64url");
}

/** The reader's feed key, or null when they have no feed. */
export async function feedKeyOf(user: Pick<User, "id" | "digestFeedKey">): Promise<string | null> {
  return user.digestFeedKey ? `${user.id}-${await mac(user.id, user.digestFeedKey)}` : null;
}

/** A new feed key for the reader (the old URL stops working), or none (`revoke`). */
export async function rotateFeedKey(db: Db, userId: number, revoke = false): Promise<string | null> {
  const nonce = revoke ? null : randomBytes(16).toString("hex");
  await db.update(users).set({ digestFeedKey: nonce }).where(eq(users.id, userId));
  return nonce ? `${userId}-${await mac(userId, nonce)}` : null;
}

/** The reader a feed key belongs to (enabled, not disabled), or null. */
export async function userForFeedKey(db: Db, key: string): Promise<User | null> {
  const m = KEY.exec(key);
  if (!m) return null;
  const [user] = await db.select().from(users).where(eq(users.id, Number(m[1])));
  if (!user?.digestFeedKey || user.disabledAt) return null;
  const expected = Buffer.from(await mac(user.id, user.digestFeedKey));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? user : null;
}
