import { unhideArticle } from "@/lib/admin/articles";
import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/articles/{id}/unhide – show again (idempotent): { changed }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  json(await unhideArticle({ db: await getDb(), actor: actorOf(user), id: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
