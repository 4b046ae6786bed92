import { listAdminArticles } from "@/lib/admin/article-list";
import { adminArticlesQuery, filterOf } from "@/lib/admin/article-schema";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/articles – search and filter every article, hidden ones included: { items, total, total_is_estimate }
export const GET = route({ auth: "admin", query: adminArticlesQuery }, async ({ query }) =>
  json(await listAdminArticles({ db: await getDb(), filter: filterOf(query), page: query.page, limit: query.limit })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
