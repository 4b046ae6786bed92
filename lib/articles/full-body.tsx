"use server";
// The whole body of a feed card, fetched when a reader expands it. A collapsed card carries only its first
// blocks (lib/articles/preview.ts), so the home page's HTML and data hold twenty previews, not twenty
// articles; expanding calls this server function, which renders the body with the same markdown renderer on
// the server and sends the elements (no markdown code reaches the browser).
import { ArticleMarkdown } from "@/components/article/markdown";
import { findArticle } from "./service";

/** The rendered body of a visible article; null for an unknown, hidden or empty one, or a malformed id. */
export async function loadFullBody(id: number): Promise<React.ReactNode> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const article = await findArticle(String(id));
  return article?.content ? <ArticleMarkdown text={article.content} highlight={false} /> : null;
}
