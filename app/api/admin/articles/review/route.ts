import { listReviewQueue } from "@/lib/admin/review";
import { adminPageQuery } from "@/lib/admin/schema";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/articles/review – readers' articles waiting for review, oldest first: { items, total }
export const GET = route({ auth: "admin", query: adminPageQuery }, async ({ query }) =>
  json(await listReviewQueue({ db: await getDb(), page: query.page, limit: query.limit })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
