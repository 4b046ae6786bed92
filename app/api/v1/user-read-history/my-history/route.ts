import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { listHistory } from "@/lib/interactions/history";
import { historyQuery } from "@/lib/interactions/schema";

// GET /api/v1/user-read-history/my-history?page&limit&time_filter=today|week|month|all
// – { items: [{ id, read_timestamp, read_times, article }], total }, newest read first
export const GET = route({ auth: "required", query: historyQuery }, async ({ user, query }) =>
  json(await listHistory({ db: await getDb(), userId: user.id, query })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
