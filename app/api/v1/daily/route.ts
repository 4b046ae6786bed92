import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { latestSiteDigest } from "@/lib/digest/service";

// GET /api/v1/daily – the site's latest 今日精选 (public), in the shape of /api/v1/digest
export const GET = route({ cancelOnDisconnect: false }, async () => json(await latestSiteDigest(await getDb())));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
