// Request shapes of the console's 总结任务 section, shared by the API handlers and the page (which reads the
// same query string). Not server-only: the page's tabs come from here.
import { z } from "@/lib/zod";
import { adminPageQuery, idParams } from "./schema";

/**
 * Which tasks a list shows: `active` is the unfinished work (running and queued), the default; `all` is every
 * task, finished ones included.
 */
export const TASK_FILTERS = ["active", "processing", "pending", "failed", "cancelled", "completed", "all"] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

/** The page's tabs, in order (the API accepts every filter above). */
export const TASK_TABS: { filter: TaskFilter; label: string }[] = [
  { filter: "active", label: "进行中" },
  { filter: "pending", label: "排队中" },
  { filter: "failed", label: "失败" },
  { filter: "all", label: "全部" },
];

export const taskListQuery = adminPageQuery.extend({
  status: z
    .enum(TASK_FILTERS, { message: `status 只能是 ${TASK_FILTERS.join("、")} 之一` })
    .default("active"),
  /** One task by its number (the audit log links here). */
  id: idParams.shape.id.optional(),
});
export type TaskListQuery = z.output<typeof taskListQuery>;
