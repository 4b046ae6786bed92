import { userListQuery } from "@/lib/admin/users-schema";
import { listUsers } from "@/lib/admin/users";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/users?q&role&disabled&id&page&limit – accounts, newest first, phones masked, with counts: { items, total, page, limit }
export const GET = route({ auth: "admin", query: userListQuery }, async ({ query }) => {
  const { page, limit, q, role, disabled, id } = query;
  return json({ ...(await listUsers({ db: await getDb(), q, role, disabled, id, page, limit })), page, limit });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
