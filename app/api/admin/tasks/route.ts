import { taskListQuery } from "@/lib/admin/tasks-schema";
import { listTasks } from "@/lib/admin/tasks";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/tasks?status&id&page&limit – summary tasks of one filter, newest first: { items, total, counts, page, limit }
export const GET = route({ auth: "admin", query: taskListQuery }, async ({ query }) => {
  const { page, limit, status, id } = query;
  return json({ ...(await listTasks({ db: await getDb(), status, id, page, limit })), page, limit });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
