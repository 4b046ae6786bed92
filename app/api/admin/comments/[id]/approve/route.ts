import { actorOf } from "@/lib/admin/audit";
import { approveComment } from "@/lib/admin/comments";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/comments/{id}/approve – 通过: a held or reported comment shows, its reports settled: { data: { changed, status } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) => ok(await approveComment({ db: await getDb(), actor: actorOf(user), id: params.id })));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
