import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { listNotifications } from "@/lib/comments/notifications";
import { pageQuery } from "@/lib/comments/schema";
import { getDb } from "@/lib/db";

// GET /api/v1/notifications?page&limit – 消息, newest first: { data: { items, total, unread } }
export const GET = route({ auth: "required", query: pageQuery }, async ({ user, query }) => ok(await listNotifications({ db: await getDb(), userId: user.id, query })));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
