import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { recordRead } from "@/lib/interactions/history";
import { articleIdBody } from "@/lib/interactions/schema";

// POST /api/v1/user-read-history/record { article_id } – record a read (again: moves it to the top, counts a
// view): { data: { id, read_timestamp, read_times, view_cnt } }
export const POST = route({ auth: "required", body: articleIdBody, bodyLimit: 1024 }, async ({ user, body }) =>
  ok(await recordRead({ db: await getDb(), userId: user.id, articleId: body.article_id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
