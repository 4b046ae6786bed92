import { auditListQuery } from "@/lib/admin/audit-schema";
import { listAudit } from "@/lib/admin/audit";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/audit?action&object_type&object_id&actor&from&to&page&limit – the audit log, newest first: { items, total, page, limit }
// Read-only: the log is never changed through the API (PUT, PATCH, DELETE and POST answer 405).
export const GET = route({ auth: "admin", query: auditListQuery }, async ({ query }) => {
  const { page, limit, action, object_type, object_id, actor, from, to } = query;
  const filter = { action, objectType: object_type, objectId: object_id, actor, from, to };
  return json({ ...(await listAudit({ db: await getDb(), filter, page, limit })), page, limit });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
