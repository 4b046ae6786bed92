import { actorOf } from "@/lib/admin/audit";
import { approveArticle } from "@/lib/admin/review";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// POST /api/admin/articles/{id}/approve – publish a reader's article waiting for review (idempotent): { data: { changed } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(await approveArticle({ db: await getDb(), actor: actorOf(user), id: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
