import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { retryTask } from "@/lib/admin/tasks";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/tasks/{id}/retry – a failed or cancelled task back to the queue (idempotent): { data: { task, changed } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(await retryTask({ db: await getDb(), actor: actorOf(user), taskId: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
