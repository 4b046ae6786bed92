import { actorOf } from "@/lib/admin/audit";
import { unmuteUser } from "@/lib/admin/comments";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/users/{id}/unmute – lift 禁言: { data: { changed } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) => ok(await unmuteUser({ db: await getDb(), actor: actorOf(user), id: params.id })));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
