import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { commentIdParams, reportBody } from "@/lib/comments/schema";
import { reportComment } from "@/lib/comments/service";
import { getDb } from "@/lib/db";

// POST /api/v1/comments/{id}/report { reason, note? } – 举报 (once per reader; never one's own): { data: { reported: true, already } }
export const POST = route({ auth: "required", params: commentIdParams, body: reportBody, bodyLimit: 4 * 1024 }, async ({ user, params, body }) =>
  ok(await reportComment({ db: await getDb(), user, id: params.id, body })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
