import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { taskParams } from "@/lib/summary/schema";
import { taskStatus } from "@/lib/summary/service";

export const dynamic = "force-dynamic";

// GET /api/summary/task/{id}/status – status, progress, steps and result of the caller's task
export const GET = route({ auth: "required", params: taskParams }, async ({ user, params }) =>
  json(await taskStatus({ db: await getDb(), userId: user.id, uuid: params.id })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
