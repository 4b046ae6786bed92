import { exportSources, importSources } from "@/lib/admin/sources";
import { importOpmlBody, OPML_BODY_LIMIT } from "@/lib/admin/source-schema";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/sources/opml – every source as an OPML download (application/xml)
export const GET = route({ auth: "admin" }, async () => {
  const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  return new Response(await exportSources({ db: await getDb() }), {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="shiyue-sources-${day}.opml"`,
      "cache-control": "no-store",
    },
  });
});

// POST /api/admin/sources/opml – import { opml, interval?|interval_seconds?, max_items?, allow_private? } (≤ 1 MB): { data: { total, added, existing, skipped: [{ url, reason }], added_ids } }
export const POST = route({ auth: "admin", body: importOpmlBody, bodyLimit: OPML_BODY_LIMIT }, async ({ user, body }) => {
  const { opml, intervalSeconds, max_items, allow_private } = body;
  return ok(
    await importSources({
      db: await getDb(),
      actor: { id: user.id, name: user.accountName },
      xml: opml,
      intervalSeconds,
      maxItems: max_items,
      allowPrivate: allow_private,
    }),
  );
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET, POST });
