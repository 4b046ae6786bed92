import "server-only";
// Settings generated once per database and shared by every instance (first writer wins).
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { appSettings } from "./schema";

export async function getOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}
