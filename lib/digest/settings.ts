import "server-only";
// A reader's 今日精选 settings: the switch, the time (China time) their digest is made, and the private feed.
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { users, type User } from "@/lib/db/schema";
import { siteUrl } from "@/lib/site";
import { feedKeyOf, rotateFeedKey } from "./feed-key";
import { minuteOf, timeOf } from "./schema";

export type FeedUrls = { rss: string; atom: string; json: string };
export type DigestSettings = { enabled: boolean; time: string; personalized: boolean; feed: FeedUrls | null };

export const feedUrls = (key: string): FeedUrls => {
  const base = `${siteUrl()}/feeds/digest/${key}`;
  return { rss: `${base}.xml`, atom: `${base}.atom`, json: `${base}.json` };
};

async function settingsOf(user: User): Promise<DigestSettings> {
  const key = await feedKeyOf(user);
  return { enabled: user.digestOn, time: timeOf(user.digestMinute), personalized: user.personalized, feed: key ? feedUrls(key) : null };
}

export const getDigestSettings = (user: User) => settingsOf(user);

export async function updateDigestSettings(user: User, change: { enabled?: boolean; time?: string }): Promise<DigestSettings> {
  const [row] = await (await getDb())
    .update(users)
    .set({ ...(change.enabled !== undefined && { digestOn: change.enabled }), ...(change.time !== undefined && { digestMinute: minuteOf(change.time) }) })
    .where(eq(users.id, user.id))
    .returning();
  return settingsOf(row);
}

/** A new private feed URL (the old one stops working), or none (`revoke`). */
export async function changeFeed(user: User, revoke: boolean): Promise<DigestSettings> {
  const db = await getDb();
  await rotateFeedKey(db, user.id, revoke);
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  return settingsOf(row);
}
