import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { listLikes } from "@/lib/interactions/likes";
import { likesQuery } from "@/lib/interactions/schema";

// GET /api/v1/likes/my-likes?page&limit&sort=recent|oldest – { items: [{ id, created_at, article }], total }
export const GET = route({ auth: "required", query: likesQuery }, async ({ user, query }) =>
  json(await listLikes({ db: await getDb(), userId: user.id, query })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
