import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { adminUserSummary, setDisabled } from "@/lib/admin/users";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/users/{id}/enable – enable a disabled account (idempotent): { data: { user, changed } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) => {
  const { user: changedUser, changed } = await setDisabled({ db: await getDb(), actor: actorOf(user), userId: params.id, disabled: false });
  return ok({ user: adminUserSummary(changedUser), changed });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
