import { methodNotAllowed, route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { privateFeedResponse } from "@/lib/digest/feed-response";
import { z } from "@/lib/zod";

export const dynamic = "force-dynamic";

// GET /feeds/digest/{key}.xml | .atom | .json – a reader's private 今日精选 feed (RSS 2.0, Atom, JSON Feed), by
// the secret key shown on /profile; 404 for a wrong, rotated or revoked key
export const GET = route({ params: z.object({ file: z.string().max(200) }) }, async ({ req, params }) => {
  const res = await privateFeedResponse(params.file, req.headers.get("if-none-match"));
  if (!res) throw new ApiError("not_found", "订阅地址无效或已更换");
  return res;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
