import { ApiError } from "@/lib/api/errors";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { findArticle } from "@/lib/articles/service";
import { articleCommentsParams } from "@/lib/comments/schema";
import { MSG } from "@/lib/messages";

// GET /api/v1/articles/{id} – one visible article, as the feed lists it: { data: article }; 404 for an unknown or
// hidden one. What a browser keeps for reading offline when a reader opens it (lib/offline/sync.ts).
export const GET = route({ auth: "optional", params: articleCommentsParams }, async ({ params }) => {
  const article = await findArticle(String(params.id));
  if (!article) throw new ApiError("not_found", MSG.articleNotFound);
  return ok(article);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
