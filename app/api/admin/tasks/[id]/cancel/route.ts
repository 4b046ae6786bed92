import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { cancelTask } from "@/lib/admin/tasks";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/tasks/{id}/cancel – cancel a queued or running task (idempotent): { data: { task, changed } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(await cancelTask({ db: await getDb(), actor: actorOf(user), taskId: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
