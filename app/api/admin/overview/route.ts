import { getOverview, overviewQuery } from "@/lib/admin/overview";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

// GET /api/admin/overview?days=30 – the console's overview for the last 7–90 China-time days: { data: Overview }
export const GET = route({ auth: "admin", query: overviewQuery }, async ({ query }) => {
  return ok(await getOverview({ db: await getDb(), days: query.days }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
