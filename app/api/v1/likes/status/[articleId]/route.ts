import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { likeStatus } from "@/lib/interactions/likes";
import { articleIdParams } from "@/lib/interactions/schema";

// GET /api/v1/likes/status/{articleId} – { data: { is_liked } }
export const GET = route({ auth: "required", params: articleIdParams }, async ({ user, params }) =>
  ok(await likeStatus({ db: await getDb(), userId: user.id, articleId: params.articleId })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
