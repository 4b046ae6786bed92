import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { historyQuery } from "@/lib/summary/schema";
import { taskHistory } from "@/lib/summary/service";

export const dynamic = "force-dynamic";

// GET /api/summary/history?page&per_page – { items, total, per_page, has_prev, has_next }, newest first
export const GET = route({ auth: "required", query: historyQuery }, async ({ user, query }) =>
  json(await taskHistory({ db: await getDb(), userId: user.id, page: query.page, perPage: query.per_page })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
