import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { taskParams } from "@/lib/summary/schema";
import { deleteTask } from "@/lib/summary/service";

// DELETE /api/summary/task/{id} – the caller's summary task, its link and result, gone: { data: { task_id } }
export const DELETE = route({ auth: "required", params: taskParams }, async ({ user, params }) => {
  await deleteTask({ db: await getDb(), userId: user.id, uuid: params.id });
  return ok({ task_id: params.id });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed({ DELETE });
