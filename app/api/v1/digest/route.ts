import { json, methodNotAllowed, route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { DigestBusyError, todaysDigest } from "@/lib/digest/service";

// GET /api/v1/digest – today's 今日精选 for the caller (made now if the worker has not made it):
// { date, kind, written_by, sections: [{ title, points: [{ text, article_ids }] }], articles, created_at }.
// Made once: a client leaving does not cancel it.
export const GET = route({ auth: "required", cancelOnDisconnect: false }, async ({ user, req }) => {
  try {
    return json(await todaysDigest(await getDb(), user, new Date(), req.signal));
  } catch (err) {
    if (err instanceof DigestBusyError) throw new ApiError("unavailable", err.message, { "Retry-After": "5" });
    throw err;
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
