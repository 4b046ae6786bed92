import "server-only";
// What a reader sees and controls of their recommendations (/profile, `/api/v1/users/me/interests`): whether
// they are personalised, and the interest labels they are built from, any of which can be removed.
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { forgetAllInterests, forgetInterest, readInterests, setPersonalized, type Interest } from "./profile";

/** Labels shown at most (the strongest). */
export const LABELS_SHOWN = 20;

export type Interests = { personalized: boolean; items: Interest[] };

export async function getInterests(userId: number): Promise<Interests> {
  const db = await getDb();
  const [[user], items] = await Promise.all([db.select({ personalized: users.personalized }).from(users).where(eq(users.id, userId)), readInterests(db, userId, LABELS_SHOWN)]);
  return { personalized: user?.personalized ?? true, items };
}

export async function updatePersonalization(userId: number, personalized: boolean): Promise<Interests> {
  await setPersonalized(await getDb(), userId, personalized);
  return getInterests(userId);
}

export async function removeInterest(userId: number, label: string): Promise<Interests> {
  if (!(await forgetInterest(await getDb(), userId, label))) throw new ApiError("not_found", MSG.interestNotFound);
  return getInterests(userId);
}

export async function clearInterests(userId: number): Promise<Interests> {
  await forgetAllInterests(await getDb(), userId);
  return getInterests(userId);
}
