import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { taskParams } from "@/lib/summary/schema";
import { createArticleFromTask } from "@/lib/summary/service";

// POST /api/summary/task/{id}/create-article – add the finished summary to the feed:
// { success, article_id, already_exists, message }
export const POST = route({ auth: "required", params: taskParams }, async ({ user, params }) =>
  json(await createArticleFromTask({ db: await getDb(), userId: user.id, uuid: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
