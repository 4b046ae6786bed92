import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { clearHistory } from "@/lib/interactions/history";

// DELETE /api/v1/user-read-history/clear-all – remove all the caller's records: { data: { deleted } }
export const DELETE = route({ auth: "required" }, async ({ user }) => ok(await clearHistory({ db: await getDb(), userId: user.id })));

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed({ DELETE });
