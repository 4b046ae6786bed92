import { actorOf } from "@/lib/admin/audit";
import { rejectArticle } from "@/lib/admin/review";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/articles/{id}/reject – refuse a reader's article waiting for review; it stays hidden (idempotent): { data: { changed } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(await rejectArticle({ db: await getDb(), actor: actorOf(user), id: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
