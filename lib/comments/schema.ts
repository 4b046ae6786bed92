// Parameters of the comment and notification calls (docs/api.md "Comments").
import { z } from "@/lib/zod";
import { positiveInt } from "@/lib/articles/schema";
import { COMMENT_REPORT_REASONS } from "@/lib/db/schema";
import { COMMENT_MAX_CHARS, COMMENTS_MAX_LIMIT, COMMENTS_PAGE_SIZE, REPORT_NOTE_MAX } from "./constants";

const id = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1, message);

export const articleCommentsParams = z.object({ id: id("文章 ID 无效") });
export const commentIdParams = z.object({ id: id("评论 ID 无效") });

const paging = {
  page: positiveInt("page").default(1),
  limit: positiveInt("limit")
    .default(COMMENTS_PAGE_SIZE)
    .transform((n) => Math.min(n, COMMENTS_MAX_LIMIT)),
};

export const threadQuery = z.object({
  ...paging,
  sort: z.enum(["hot", "new"], { message: "sort 只能是 hot 或 new" }).default("hot"),
});
export type ThreadQuery = z.output<typeof threadQuery>;

export const pageQuery = z.object(paging);
export type PageQuery = z.output<typeof pageQuery>;

/** Text only: NUL bytes dropped (as in every free text here), trimmed, line breaks kept (\r\n as \n), 1–COMMENT_MAX_CHARS characters. */
const content = z
  .string({ message: "评论内容必须是文字" })
  .transform((s) => s.replace(/\0/g, "").replace(/\r\n?/g, "\n").trim())
  .refine((s) => s.length > 0, "评论内容不能为空")
  .refine((s) => [...s].length <= COMMENT_MAX_CHARS, `评论最多 ${COMMENT_MAX_CHARS} 字`)
  // Characters that draw nothing or reorder text (bidi overrides, zero-width runs) are not content.
  .refine((s) => !/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(s), "评论中含有不支持的字符");

export const commentBody = z.object(
  {
    content,
    reply_to: z
      .number({ message: "reply_to 必须是评论 ID" })
      .int("reply_to 必须是评论 ID")
      .min(1, "reply_to 必须是评论 ID")
      .max(2_147_483_647, "reply_to 必须是评论 ID")
      .nullish(),
  },
  { message: "请求体必须是 JSON 对象" },
);
export type CommentBody = z.output<typeof commentBody>;

export const editBody = z.object({ content }, { message: "请求体必须是 JSON 对象" });

export const reportBody = z.object(
  {
    reason: z.enum(COMMENT_REPORT_REASONS, { message: `举报理由只能是 ${COMMENT_REPORT_REASONS.join("、")} 之一` }),
    note: z
      .string({ message: "补充说明必须是文字" })
      .transform((s) => s.replace(/\0/g, "").trim())
      .pipe(z.string()
      .max(REPORT_NOTE_MAX, `补充说明最多 ${REPORT_NOTE_MAX} 字`))
      .nullish()
      .transform((s) => s || null),
  },
  { message: "请求体必须是 JSON 对象" },
);
export type ReportBody = z.output<typeof reportBody>;

export const readBody = z.object(
  {
    /** The notifications to mark read; none: every one. */
    ids: z.array(z.number().int().min(1).max(2_147_483_647), { message: "ids 必须是消息 ID 列表" }).max(100, "一次最多 100 条").optional(),
  },
  { message: "请求体必须是 JSON 对象" },
);
