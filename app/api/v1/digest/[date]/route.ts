import { json, methodNotAllowed, route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { dayParams } from "@/lib/digest/schema";
import { readerDigestOn } from "@/lib/digest/service";

// GET /api/v1/digest/{YYYY-MM-DD} – the caller's digest of that day (the last 30 days), same shape as /digest
export const GET = route({ auth: "required", params: dayParams, cancelOnDisconnect: false }, async ({ user, params }) => {
  const digest = await readerDigestOn(await getDb(), user, params.date);
  if (!digest) throw new ApiError("not_found", "这一天没有今日精选（只保留最近 30 天）");
  return json(digest);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
