import { pollSourceNow } from "@/lib/admin/sources";
import { idParams } from "@/lib/admin/schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";

// POST /api/admin/sources/{id}/poll – poll the source now: { data: { status: updated|not_modified|failed, added, duplicates, error, … } }
export const POST = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(
    await pollSourceNow({
      db: await getDb(),
      actor: { id: user.id, name: user.accountName },
      ref: params.id,
      concurrency: getConfig().FEED_CONCURRENCY,
    }),
  ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
