import { actorOf } from "@/lib/admin/audit";
import { muteUser } from "@/lib/admin/comments";
import { muteBody } from "@/lib/admin/comments-schema";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/users/{id}/mute { hours, reason } – 禁言 (no comments, likes on comments or reports): { data: { muted_until, message } }
export const POST = route({ auth: "admin", params: idParams, body: muteBody, bodyLimit: 4 * 1024 }, async ({ user, params, body }) =>
  ok(await muteUser({ db: await getDb(), actor: actorOf(user), id: params.id, hours: body.hours, reason: body.reason })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
