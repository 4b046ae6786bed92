import { actorOf } from "@/lib/admin/audit";
import { removeComment } from "@/lib/admin/comments";
import { removeBody } from "@/lib/admin/comments-schema";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/comments/{id}/remove { reason } – 删除 with a reason its author is told: { data: { changed, status } }
export const POST = route({ auth: "admin", params: idParams, body: removeBody, bodyLimit: 4 * 1024 }, async ({ user, params, body }) =>
  ok(await removeComment({ db: await getDb(), actor: actorOf(user), id: params.id, reason: body.reason })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
