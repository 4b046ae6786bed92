import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { listFavorites } from "@/lib/interactions/favorites";
import { favoritesQuery } from "@/lib/interactions/schema";

// GET /api/v1/favorites/my-favorites?page&limit&sort=recent|oldest|title – { items: [{ id, created_at, article }], total }
export const GET = route({ auth: "required", query: favoritesQuery }, async ({ user, query }) =>
  json(await listFavorites({ db: await getDb(), userId: user.id, query })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
