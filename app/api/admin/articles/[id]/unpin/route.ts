import { unpinArticle } from "@/lib/admin/articles";
import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/articles/{id}/unpin – take off the top of the home feed (idempotent): { data: { changed } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(await unpinArticle({ db: await getDb(), actor: actorOf(user), id: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
