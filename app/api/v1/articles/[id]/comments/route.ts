import { HUMAN_CHECK_HEADER } from "@/lib/abuse/human-check";
import { clientIp } from "@/lib/api/client-ip";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { articleCommentsParams, commentBody, threadQuery } from "@/lib/comments/schema";
import { postComment } from "@/lib/comments/service";
import { listThread } from "@/lib/comments/thread";
import { getDb } from "@/lib/db";

// GET /api/v1/articles/{id}/comments?sort=hot|new&page&limit – a page of the thread: { data: { items, total,
// has_more, sort, page } } (roots with their first replies; total: the article's visible comments)
export const GET = route({ auth: "optional", params: articleCommentsParams, query: threadQuery }, async ({ user, params, query }) =>
  ok(await listThread({ db: await getDb(), articleId: params.id, viewerId: user?.id ?? null, query })),
);

// POST /api/v1/articles/{id}/comments { content, reply_to? } – comment or reply: { data: comment } (status visible or
// pending); a proven phone required, within the budget (428 + human_check on a burst)
export const POST = route({ auth: "required", params: articleCommentsParams, body: commentBody, bodyLimit: 16 * 1024 }, async ({ req, user, params, body }) =>
  ok(await postComment({ db: await getDb(), user, articleId: params.id, body, ip: clientIp(req), proof: req.headers.get(HUMAN_CHECK_HEADER) }), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET, POST });
