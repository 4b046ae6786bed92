import { listQuery } from "@/lib/articles/schema";
import { getFeedPageJson } from "@/lib/articles/service";
import { jsonText, methodNotAllowed, route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/articles/ – one page of the feed, newest first: { data: { items, total } }
export const GET = route({ auth: "optional", query: listQuery }, async ({ query, user }) =>
  jsonText(await getFeedPageJson({ query, viewer: user ? { userId: user.id } : null })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
