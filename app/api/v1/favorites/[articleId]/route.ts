import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { removeFavorite } from "@/lib/interactions/favorites";
import { articleIdParams } from "@/lib/interactions/schema";

// DELETE /api/v1/favorites/{articleId} – unfavourite (idempotent): { data: { is_favorited: false, favorite_cnt } }
export const DELETE = route({ auth: "required", params: articleIdParams }, async ({ user, params }) =>
  ok(await removeFavorite({ db: await getDb(), userId: user.id, articleId: params.articleId })),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed({ DELETE });
