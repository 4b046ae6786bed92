import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { like, toggleLike, unlike } from "@/lib/interactions/likes";
import { articleIdParams } from "@/lib/interactions/schema";

// POST /api/v1/likes/{articleId} – like, or unlike when already liked: { data: { action, like_cnt } }
export const POST = route({ auth: "required", params: articleIdParams }, async ({ user, params }) =>
  ok(await toggleLike({ db: await getDb(), userId: user.id, articleId: params.articleId })),
);

// PUT /api/v1/likes/{articleId} – like (idempotent; what a like made offline replays as): { data: { action: "liked", like_cnt } }
export const PUT = route({ auth: "required", params: articleIdParams }, async ({ user, params }) =>
  ok(await like({ db: await getDb(), userId: user.id, articleId: params.articleId })),
);

// DELETE /api/v1/likes/{articleId} – unlike (idempotent): { data: { action: "unliked", like_cnt } }
export const DELETE = route({ auth: "required", params: articleIdParams }, async ({ user, params }) =>
  ok(await unlike({ db: await getDb(), userId: user.id, articleId: params.articleId })),
);

export const { GET, PATCH, OPTIONS } = methodNotAllowed({ POST, PUT, DELETE });
