import { json, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { createTaskBody } from "@/lib/summary/schema";
import { createTask } from "@/lib/summary/service";

// POST /api/summary/create-task { url, method } – queue a summary (or reuse a finished one): { task_id, status }
export const POST = route({ auth: "required", body: createTaskBody, bodyLimit: 8 * 1024 }, async ({ user, body }) =>
  json(await createTask({ db: await getDb(), userId: user.id, body })),
);
