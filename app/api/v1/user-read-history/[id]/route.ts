import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { removeHistory } from "@/lib/interactions/history";
import { recordIdParams } from "@/lib/interactions/schema";

// DELETE /api/v1/user-read-history/{id} – remove one of the caller's records: { data: { id } }
export const DELETE = route({ auth: "required", params: recordIdParams }, async ({ user, params }) =>
  ok(await removeHistory({ db: await getDb(), userId: user.id, id: params.id })),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed({ DELETE });
