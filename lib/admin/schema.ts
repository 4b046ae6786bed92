// Request shapes shared by the console's API handlers (and the pages that read the same query strings).
import { positiveInt } from "@/lib/articles/schema";
import { z } from "@/lib/zod";

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_LIMIT = 100;

/** `page` and `limit` of every console list (limit clamped to 1..ADMIN_MAX_LIMIT). */
export const adminPageQuery = z.object({
  page: positiveInt("page").default(1),
  limit: positiveInt("limit")
    .default(ADMIN_PAGE_SIZE)
    .transform((n) => Math.min(n, ADMIN_MAX_LIMIT)),
});

/** `{ id }` route params of a console object with an integer id. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, "编号必须是正整数")
    .transform(Number)
    .refine((n) => n >= 1, "编号必须是正整数"),
});

/** An optional search term from a query string: trimmed, at most 100 characters, empty as absent. */
export const searchTerm = z
  .string()
  .transform((s) => s.replace(/\0/g, "").trim())
  .pipe(z.string().max(100, "搜索词不能超过 100 个字符"))
  .optional()
  .transform((s) => s || undefined);
