import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { endSessions } from "@/lib/auth/security";

// POST /api/v1/auth/logout-all – 退出所有设备 on /profile: ends every session of the account
export const POST = route({ auth: "required" }, async ({ user }) => {
  await endSessions(user);
  return ok({ success: true });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
