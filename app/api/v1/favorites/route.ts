import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { addFavorite } from "@/lib/interactions/favorites";
import { articleIdBody } from "@/lib/interactions/schema";

// POST /api/v1/favorites { article_id } – favourite (idempotent): { data: { is_favorited: true, favorite_cnt } }
export const POST = route({ auth: "required", body: articleIdBody, bodyLimit: 1024 }, async ({ user, body }) =>
  ok(await addFavorite({ db: await getDb(), userId: user.id, articleId: body.article_id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
