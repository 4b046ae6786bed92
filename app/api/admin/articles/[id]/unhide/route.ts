import { unhideArticle } from "@/lib/admin/articles";
import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/articles/{id}/unhide – show again (idempotent): { data: { changed } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(await unhideArticle({ db: await getDb(), actor: actorOf(user), id: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
