import { pinArticle } from "@/lib/admin/articles";
import { pinBody } from "@/lib/admin/article-schema";
import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/articles/{id}/pin – pin to the top of the home feed until `until`: { data: { changed, pinned_until } }
export const POST = route({ auth: "admin", params: idParams, body: pinBody }, async ({ user, params, body }) =>
  ok(await pinArticle({ db: await getDb(), actor: actorOf(user), id: params.id, until: body.until })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
