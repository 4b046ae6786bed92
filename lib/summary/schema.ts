// Parameters of the summary calls (SPEC section 7).
import { z } from "@/lib/zod";
import { SUMMARY_METHODS } from "@/lib/db/schema";
import { positiveInt } from "@/lib/articles/schema";

export { METHOD_NAMES } from "./constants";

export const createTaskBody = z.object({
  url: z
    .string({ message: "请提供要总结的链接" })
    .trim()
    .max(2048, "链接太长了")
    // The URL parser would accept a NUL or other control character (percent-encoding it), but the link is
    // stored as typed and PostgreSQL text refuses NUL: such a link is malformed, never a 500.
    .refine((v) => !/\p{Cc}/u.test(v), "链接格式有误，请提供 http:// 或 https:// 开头的链接")
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "http:" || u.protocol === "https:") && Boolean(u.hostname);
      } catch {
        return false;
      }
    }, "链接格式有误，请提供 http:// 或 https:// 开头的链接"),
  method: z.enum(SUMMARY_METHODS, { message: "总结方式只能是 quick、detailed、knowledge 或 storyboard" }).default("quick"),
  /** Summarise again even when a finished summary of this page and method exists. */
  force: z.boolean({ message: "force 只能是 true 或 false" }).default(false),
});
export type CreateTaskBody = z.output<typeof createTaskBody>;

export const taskParams = z.object({ id: z.uuid({ message: "任务 ID 无效" }) });

export const historyQuery = z.object({
  page: positiveInt("page").default(1),
  per_page: positiveInt("per_page")
    .default(20)
    .transform((n) => Math.min(n, 50)),
});
