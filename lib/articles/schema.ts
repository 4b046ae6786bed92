// Query parameters of the article list and search calls, shared by the route handlers and the home page.
import { z } from "@/lib/zod";
import { MAX_LIMIT, PAGE_SIZE } from "./constants";

export const positiveInt = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} 必须是正整数`)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= 1, `${name} 必须是正整数`);

export const listQuery = z.object({
  page: positiveInt("page").default(1),
  /** Clamped to 1..MAX_LIMIT. */
  limit: positiveInt("limit")
    .default(PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_LIMIT)),
  exclude_read: z
    .enum(["true", "false", "1", "0"], { message: "exclude_read 只能是 true 或 false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
});
export type ListQuery = z.output<typeof listQuery>;

export const searchQuery = listQuery.extend({
  keyword: z
    .string({ message: "请输入搜索关键词" })
    .transform((s) => s.replace(/\0/g, "").trim())
    .pipe(z.string().min(1, "请输入搜索关键词").max(100, "搜索关键词不能超过 100 个字符")),
});
export type SearchQuery = z.output<typeof searchQuery>;
