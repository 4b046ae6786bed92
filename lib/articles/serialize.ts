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
  /** Why a signed-in reader's personalised feed shows it (lib/recommendations/feed.ts); absent elsewhere. */
  recommend_reason?: RecommendReason;
  unavailable?: never;
};

/** An interest of the reader's (因为你喜欢「…」相关文章), near what they liked (与你喜欢的文章相似), or the hot order (热门). */
export type RecommendReason = { kind: "interest"; label: string } | { kind: "similar" } | { kind: "hot" };

/**
 * An article an operator took down (hidden, or waiting for review), as a reader's own lists (likes,
 * favourites, history) still show it: id and title only, no body, no source, counters zero, `unavailable: true`.
 */
export type UnavailableArticle = Omit<ApiArticle, "content" | "summary" | "cover_image" | "author_name" | "platform_name" | "source_platform" | "source_url" | "unavailable"> & {
  content: null;
  summary: null;
  cover_image: null;
  author_name: null;
  platform_name: null;
  source_platform: null;
  source_url: null;
  unavailable: true;
};

/** An article in a reader's own list. */
export type ListedArticle = ApiArticle | UnavailableArticle;

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
> & { isLiked?: boolean; isFavorited?: boolean; reason?: RecommendReason };

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
    ...(a.reason ? { recommend_reason: a.reason } : {}),
  };
}

/** The placeholder of a taken-down article in a reader's list: its title and the reader's own marks only. */
export function toUnavailableArticle(a: Pick<ArticleRow, "id" | "title" | "publishedAt" | "isLiked" | "isFavorited">): UnavailableArticle {
  return {
    id: a.id,
    title: a.title,
    content: null,
    summary: null,
    cover_image: null,
    author_name: null,
    platform_name: null,
    source_platform: null,
    source_url: null,
    create_time: Math.floor(a.publishedAt.getTime() / 1000),
    like_cnt: 0,
    comment_cnt: 0,
    favorite_cnt: 0,
    view_cnt: 0,
    ...(a.isLiked === undefined ? {} : { is_liked: Boolean(a.isLiked), is_favorited: Boolean(a.isFavorited) }),
    unavailable: true,
  };
}
