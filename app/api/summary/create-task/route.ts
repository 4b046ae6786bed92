import { isFreshAccount } from "@/lib/abuse/budgets";
import { clientIp } from "@/lib/api/client-ip";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { createTaskBody } from "@/lib/summary/schema";
import { createTask } from "@/lib/summary/service";
import { nudgeSummaryWorkers } from "@/lib/summary/worker";

// POST /api/summary/create-task { url, method } – queue a summary (or reuse a finished one): { task_id, status }
export const POST = route({ auth: "required", body: createTaskBody, bodyLimit: 8 * 1024 }, async ({ req, user, body }) => {
  const budget = { ip: clientIp(req), fresh: isFreshAccount(user.createdAt) };
  const created = await createTask({ db: await getDb(), userId: user.id, body, budget });
  nudgeSummaryWorkers(); // a worker in this process starts at once; others find it at their next poll
  return json(created);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
