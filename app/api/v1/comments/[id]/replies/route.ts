import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { commentIdParams, pageQuery } from "@/lib/comments/schema";
import { listReplies } from "@/lib/comments/thread";
import { getDb } from "@/lib/db";

// GET /api/v1/comments/{id}/replies?page&limit – a page of a root comment's replies, oldest first: { data: { items, total, has_more } }
export const GET = route({ auth: "optional", params: commentIdParams, query: pageQuery }, async ({ user, params, query }) =>
  ok(await listReplies({ db: await getDb(), rootId: params.id, viewerId: user?.id ?? null, query })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
