import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { endSessions } from "@/lib/auth/security";

// POST /api/v1/auth/logout – sign out: ends every session of the account (its token version moves on)
export const POST = route({ auth: "required" }, async ({ user }) => {
  await endSessions(user);
  return ok({ success: true });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
