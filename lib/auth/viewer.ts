import "server-only";
// Who is calling: the user named by a valid Bearer token (API) or by the session cookie (pages, to
// render only). A token for a deleted or disabled user, or one signed before the account's last sign-out
// (another token_version), counts as no token: every call reads the account, so both stop its tokens at once.
import { eq } from "drizzle-orm";
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { FRESH_COOKIE, pinFromCookie } from "@/lib/db/read-routing";
import { users, type User } from "@/lib/db/schema";
import { markActive } from "./active";
import { TOKEN_COOKIE } from "./constants";
import { bearerToken, verifyToken } from "./token";

export async function userForToken(token: string | null | undefined): Promise<User | null> {
  const claims = await verifyToken(token);
  if (!claims) return null;
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, claims.id));
  if (!user || user.disabledAt || user.tokenVersion !== claims.version) return null;
  await markActive(db, user);
  return user;
}

/** The API caller; `present` tells a bad token (401) from no token (anonymous). */
export async function viewerFromRequest(req: Request): Promise<{ user: User | null; present: boolean }> {
  const token = bearerToken(req.headers.get("authorization"));
  return { user: token ? await userForToken(token) : null, present: Boolean(token) };
}

/** The signed-in user for a server-rendered page (cookie), or null: read once per request (layout and page both ask). */
export const pageViewer = cache(async (): Promise<User | null> => {
  const jar = await cookies();
  const token = jar.get(TOKEN_COOKIE)?.value;
  const user = token ? await userForToken(token) : null;
  if (user) pinFromCookie(user.id, jar.get(FRESH_COOKIE)?.value); // just changed something: reads from the primary
  return user;
});
