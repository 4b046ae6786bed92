// Request shape of the console's 操作记录 section (GET /api/admin/audit and the page's filter form). Days are
// China-time calendar days: `from` counts from its 00:00, `to` up to the end of its day.
import { z } from "@/lib/zod";
import { adminPageQuery, searchTerm } from "./schema";

const DAY_MS = 86_400_000;
/** 00:00 China time (UTC+8 all year) of "2025-03-05". */
const chinaMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** An optional query-string value: trimmed, empty as absent. */
const optional = (inner: z.ZodString) =>
  z
    .string()
    .trim()
    .optional()
    .transform((s) => s || undefined)
    .pipe(inner.optional());

const optionalText = (name: string, max: number, pattern: RegExp, what: string) =>
  optional(z.string().max(max, `${name} 不能超过 ${max} 个字符`).regex(pattern, `${name} ${what}`));

const isDay = (s: string) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const day = (name: string) =>
  optional(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} 须为日期，如 2025-03-05`)
      .refine(isDay, `${name} 不是有效的日期`),
  );

export const auditListQuery = adminPageQuery
  .extend({
    /** An action ("task.retry") or every action of an object type ("task"). */
    action: optionalText("action", 60, /^[a-z_]+(\.[a-z_]+)?$/, "须为操作名，如 task.retry"),
    object_type: optionalText("object_type", 30, /^[a-z_]+$/, "须为对象类型，如 user"),
    object_id: optionalText("object_id", 64, /^[\w.:-]+$/, "只能包含字母、数字和 . _ : -"),
    /** The operator's account name as recorded (exact), or 命令行. */
    actor: searchTerm,
    from: day("from"),
    to: day("to"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "开始日期不能晚于结束日期", path: ["from"] })
  .transform(({ from, to, ...rest }) => ({
    ...rest,
    from: from ? chinaMidnight(from) : undefined,
    /** The last instant of `to` (listAudit's bound is inclusive). */
    to: to ? new Date(chinaMidnight(to).getTime() + DAY_MS - 1) : undefined,
  }));
export type AuditListQuery = z.output<typeof auditListQuery>;
