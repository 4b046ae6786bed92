import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { commentIdParams } from "@/lib/comments/schema";
import { toggleCommentLike } from "@/lib/comments/service";
import { getDb } from "@/lib/db";

// POST /api/v1/comments/{id}/like – like, or unlike when already liked: { data: { action: "liked" | "unliked", like_cnt } }
export const POST = route({ auth: "required", params: commentIdParams }, async ({ user, params }) => ok(await toggleCommentLike({ db: await getDb(), user, id: params.id })));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
