// The Article shape of the API (SPEC section 3): snake_case fields, create_time in Unix seconds.
import type { Article } from "@/lib/db/schema";

export type ApiArticle = {
  id: number;
  title: string;
  content: string | null;
  summary: string | null;
  cover_image: string | null;
  author_name: string | null;
  platform_name: string | null;
  source_platform: string | null;
  source_url: string;
  create_time: number;
  like_cnt: number;
  comment_cnt: number;
  favorite_cnt: number;
  view_cnt: number;
  /** Only for signed-in callers. */
  is_liked?: boolean;
  is_favorited?: boolean;
};

export type ArticleRow = Pick<
  Article,
  | "id"
  | "title"
  | "content"
  | "summary"
  | "coverImage"
  | "authorName"
  | "platformName"
  | "sourcePlatform"
  | "sourceUrl"
  | "publishedAt"
  | "likeCnt"
  | "commentCnt"
  | "favoriteCnt"
  | "viewCnt"
> & { isLiked?: boolean; isFavorited?: boolean };

export function toApiArticle(a: ArticleRow): ApiArticle {
  return {
    id: a.id,
    title: a.title,
    content: a.content,
    summary: a.summary,
    cover_image: a.coverImage,
    author_name: a.authorName,
    platform_name: a.platformName,
    source_platform: a.sourcePlatform,
    source_url: a.sourceUrl,
    create_time: Math.floor(a.publishedAt.getTime() / 1000),
    like_cnt: a.likeCnt,
    comment_cnt: a.commentCnt,
    favorite_cnt: a.favoriteCnt,
    view_cnt: a.viewCnt,
    ...(a.isLiked === undefined ? {} : { is_liked: Boolean(a.isLiked), is_favorited: Boolean(a.isFavorited) }),
  };
}
