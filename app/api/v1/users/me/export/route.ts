import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { exportAccount, exportFileName } from "@/lib/privacy/export";

// GET /api/v1/users/me/export – everything the caller's account holds, as one JSON file (docs/privacy.md)
export const GET = route({ auth: "required" }, async ({ user }) =>
  json(await exportAccount(await getDb(), user), {
    headers: { "content-disposition": `attachment; filename="${exportFileName(user)}"`, "cache-control": "private, no-store" },
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
