// Request shapes of the console's article calls (the list's query is also what the page reads from its URL).
import { PLATFORMS } from "@/lib/articles/platforms";
import { z } from "@/lib/zod";
import { adminPageQuery, searchTerm } from "./schema";
import { ADMIN_LIST_WINDOW, type ArticleFilter } from "./article-list";

const flag = (name: string) =>
  z
    .enum(["true", "false", "1", "0", ""], { message: `${name} 只能是 true 或 false` })
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

/** A day (2026-11-24, Asia/Shanghai) or an ISO instant. */
const day = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const date = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00+08:00`) : new Date(v);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: `${name} 须为日期，如 2026-11-24` });
        return z.NEVER;
      }
      return date;
    });

const PLATFORM_KEYS = PLATFORMS.map((p) => p.key);

export const adminArticlesQuery = adminPageQuery
  .extend({
    q: searchTerm,
    source_id: z
      .string()
      .regex(/^\d{1,9}$/, "source_id 必须是正整数")
      .transform(Number)
      .refine((n) => n >= 1, "source_id 必须是正整数")
      .optional(),
    platform: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || PLATFORM_KEYS.includes(v), "未知平台"),
    from: day("from"),
    /** The last day shown (inclusive). */
    to: day("to"),
    hidden: flag("hidden"),
    pinned: flag("pinned"),
    /**
     * The page's one select: hidden = hidden=true, pinned = pinned=true, visible = hidden=false; pending and
     * rejected = readers' articles in review (lib/admin/review.ts).
     */
    status: z
      .enum(["", "hidden", "pinned", "visible", "pending", "rejected"], { message: "status 只能是 hidden、pinned、visible、pending 或 rejected" })
      .optional(),
  })
  .refine((q) => q.page * q.limit <= ADMIN_LIST_WINDOW, { message: `只能翻看前 ${ADMIN_LIST_WINDOW} 篇，请加筛选条件缩小范围`, path: ["page"] });

export type AdminArticlesQuery = z.output<typeof adminArticlesQuery>;

/** The list filter a query names; `to` covers its whole day. */
export function filterOf(q: AdminArticlesQuery): ArticleFilter {
  return {
    q: q.q,
    sourceId: q.source_id,
    platform: q.platform,
    from: q.from,
    to: q.to ? new Date(q.to.getTime() + 86_400_000) : undefined,
    hidden: q.status === "hidden" ? true : q.status === "visible" ? false : q.hidden,
    pinned: q.status === "pinned" ? true : q.pinned,
    review: q.status === "pending" || q.status === "rejected" ? q.status : undefined,
  };
}

export const pinBody = z.object({
  /** When the pin ends: an ISO instant or a day (its end, Asia/Shanghai). */
  until: z
    .string({ message: "请填写置顶结束时间" })
    .trim()
    .transform((v, ctx) => {
      const date = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T23:59:59+08:00`) : new Date(v);
      if (!v || Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: "置顶结束时间格式不正确，如 2026-12-31" });
        return z.NEVER;
      }
      return date;
    }),
});

export const editBody = z
  .object({
    title: z
      .string({ message: "标题必须是文本" })
      .transform((s) => s.replace(/\0/g, "").trim())
      .pipe(z.string().min(1, "标题不能为空").max(200, "标题不能超过 200 个字符"))
      .optional(),
    summary: z
      .string({ message: "摘要必须是文本" })
      .transform((s) => s.replace(/\0/g, "").trim())
      .pipe(z.string().max(2000, "摘要不能超过 2000 个字符"))
      .nullable()
      .optional()
      .transform((s) => (s === "" ? null : s)),
    platform: z
      .string({ message: "平台必须是文本" })
      .nullable()
      .optional()
      .refine((v) => v === undefined || v === null || PLATFORM_KEYS.includes(v), "未知平台"),
  })
  .refine((b) => b.title !== undefined || b.summary !== undefined || b.platform !== undefined, "请至少修改标题、摘要或平台中的一项");
