import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { markRead } from "@/lib/comments/notifications";
import { readBody } from "@/lib/comments/schema";
import { getDb } from "@/lib/db";

// POST /api/v1/notifications/read { ids? } – mark the named notifications (or all) read: { data: { unread } }
export const POST = route({ auth: "required", body: readBody, bodyLimit: 8 * 1024 }, async ({ user, body }) => ok(await markRead({ db: await getDb(), userId: user.id, ids: body.ids })));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
