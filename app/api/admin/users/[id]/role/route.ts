import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { adminUserSummary, setRole } from "@/lib/admin/users";
import { roleBody } from "@/lib/admin/users-schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/users/{id}/role – set an account's role, { role: "admin" | "user" } (idempotent; not your own revoke): { data: { user, changed } }
export const POST = route({ auth: "admin", params: idParams, body: roleBody }, async ({ user, params, body }) => {
  const { user: changedUser, changed } = await setRole({ db: await getDb(), actor: actorOf(user), userId: params.id, role: body.role });
  return ok({ user: adminUserSummary(changedUser), changed });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
