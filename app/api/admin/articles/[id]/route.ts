import { deleteArticle, editArticle } from "@/lib/admin/articles";
import { editBody } from "@/lib/admin/article-schema";
import { actorOf } from "@/lib/admin/audit";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// PATCH /api/admin/articles/{id} – edit title, summary or platform: { data: { changed } }
export const PATCH = route({ auth: "admin", params: idParams, body: editBody }, async ({ user, params, body }) =>
  ok(await editArticle({ db: await getDb(), actor: actorOf(user), id: params.id, edit: body })),
);

// DELETE /api/admin/articles/{id} – delete the article (its likes, favourites and history rows go with it): { data: { deleted } } (404 once gone)
export const DELETE = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(await deleteArticle({ db: await getDb(), actor: actorOf(user), id: params.id })),
);

export const { GET, POST, PUT, OPTIONS } = methodNotAllowed({ PATCH, DELETE });
