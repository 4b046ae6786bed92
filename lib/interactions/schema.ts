// Parameters of the likes, favourites and reading-history calls.
import { z } from "@/lib/zod";
import { MAX_LIMIT } from "@/lib/articles/constants";
import { positiveInt } from "@/lib/articles/schema";

/** Page size of the three lists (SPEC section 9). */
export const RECORDS_PAGE_SIZE = 20;

const id = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1, message);

export const articleIdParams = z.object({ articleId: id("文章 ID 无效") });
export const recordIdParams = z.object({ id: id("记录 ID 无效") });

export const articleIdBody = z.object(
  {
    article_id: z.union([z.number(), z.string().regex(/^\d{1,9}$/, "article_id 必须是正整数").transform(Number)], {
      message: "article_id 必须是正整数",
    }).pipe(z.number().int("article_id 必须是正整数").min(1, "article_id 必须是正整数").max(2_147_483_647, "article_id 必须是正整数")),
  },
  { message: "请求体必须是 JSON 对象" },
);

const paging = {
  page: positiveInt("page").default(1),
  limit: positiveInt("limit")
    .default(RECORDS_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_LIMIT)),
};

export const likesQuery = z.object({
  ...paging,
  sort: z.enum(["recent", "oldest"], { message: "sort 只能是 recent 或 oldest" }).default("recent"),
});
export type LikesQuery = z.output<typeof likesQuery>;

export const favoritesQuery = z.object({
  ...paging,
  sort: z.enum(["recent", "oldest", "title"], { message: "sort 只能是 recent、oldest 或 title" }).default("recent"),
});
export type FavoritesQuery = z.output<typeof favoritesQuery>;

export const historyQuery = z.object({
  ...paging,
  time_filter: z.enum(["today", "week", "month", "all"], { message: "time_filter 只能是 today、week、month 或 all" }).default("all"),
});
export type HistoryQuery = z.output<typeof historyQuery>;
