import { json, methodNotAllowed, route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { dayParams } from "@/lib/digest/schema";
import { siteDigestOn } from "@/lib/digest/service";

// GET /api/v1/daily/{YYYY-MM-DD} – the site's 今日精选 of that day (public)
export const GET = route({ params: dayParams, cancelOnDisconnect: false }, async ({ params }) => {
  const digest = await siteDigestOn(await getDb(), params.date);
  if (!digest) throw new ApiError("not_found", "这一天没有全站精选");
  return json(digest);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
