import { deleteSource, editSource } from "@/lib/admin/sources";
import { idParams } from "@/lib/admin/schema";
import { editSourceBody } from "@/lib/admin/source-schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// PATCH /api/admin/sources/{id} – change interval, platform, max_items, allow_private, or pause/resume (enabled): { data: { source, changed } }
export const PATCH = route({ auth: "admin", params: idParams, body: editSourceBody }, async ({ user, params, body }) => {
  const { platform, intervalSeconds, max_items, enabled, allow_private } = body;
  return ok(
    await editSource({
      db: await getDb(),
      actor: { id: user.id, name: user.accountName },
      ref: params.id,
      changes: { platform, intervalSeconds, maxItems: max_items, enabled, allowPrivate: allow_private },
    }),
  );
});

// DELETE /api/admin/sources/{id} – remove a source, its articles stay: { data: { id, url } } (404 once gone)
export const DELETE = route({ auth: "admin", params: idParams }, async ({ user, params }) =>
  ok(await deleteSource({ db: await getDb(), actor: { id: user.id, name: user.accountName }, ref: params.id })),
);

export const { GET, POST, PUT, OPTIONS } = methodNotAllowed({ PATCH, DELETE });
