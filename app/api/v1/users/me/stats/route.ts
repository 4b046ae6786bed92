import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getStats } from "@/lib/auth/service";

// GET /api/v1/users/me/stats – likes_count, favorites_count, comments_count, read_count
export const GET = route({ auth: "required" }, async ({ user }) => json(await getStats(user)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
