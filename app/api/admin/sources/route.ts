import { createSource, listConsoleSources } from "@/lib/admin/sources";
import { addSourceBody } from "@/lib/admin/source-schema";
import { json, methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/sources – every feed source with health, last success, last error, next poll and article count, oldest first: { items, total }
export const GET = route({ auth: "admin" }, async () => {
  const items = await listConsoleSources({ db: await getDb() });
  return json({ items, total: items.length });
});

// POST /api/admin/sources – add a source { url, platform?, interval? | interval_seconds?, max_items?, allow_private? }: 201 { data: { source, created: true } }, 200 when it exists
export const POST = route({ auth: "admin", body: addSourceBody }, async ({ user, body }) => {
  const { url, platform, intervalSeconds, max_items, allow_private } = body;
  const result = await createSource({
    db: await getDb(),
    actor: { id: user.id, name: user.accountName },
    input: { url, platform, intervalSeconds, maxItems: max_items, allowPrivate: allow_private },
  });
  return ok(result, { status: result.created ? 201 : 200 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET, POST });
