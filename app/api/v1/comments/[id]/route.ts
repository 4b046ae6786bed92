import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { commentIdParams, editBody } from "@/lib/comments/schema";
import { deleteComment, editComment } from "@/lib/comments/service";
import { getDb } from "@/lib/db";

// PATCH /api/v1/comments/{id} { content } – edit one's own comment within 5 minutes: { data: comment }
export const PATCH = route({ auth: "required", params: commentIdParams, body: editBody, bodyLimit: 16 * 1024 }, async ({ user, params, body }) =>
  ok(await editComment({ db: await getDb(), user, id: params.id, content: body.content })),
);

// DELETE /api/v1/comments/{id} – delete one's own comment (its replies stay under 该评论已删除): { data: { deleted: true } }
export const DELETE = route({ auth: "required", params: commentIdParams }, async ({ user, params }) => ok(await deleteComment({ db: await getDb(), user, id: params.id })));

export const { GET, POST, PUT, OPTIONS } = methodNotAllowed({ PATCH, DELETE });
