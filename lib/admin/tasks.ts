import "server-only";
// The console's view of the summary queue (the summary_tasks table, lib/summary/queue.ts): running, queued and
// failed tasks with their step errors, and the two things an operator does to one — retry a failed or cancelled
// task (back to the queue as new), and cancel an unfinished one. A cancel takes the task away from its worker:
// every write a worker makes checks `status = 'processing' and lease_owner = <worker>` (queue.ts `owned`), so a
// late completeTask/failTask/reportProgress of a cancelled task changes nothing, and the worker's next lease
// renewal or progress report fails, which aborts its pipeline.
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { STEP_KEYS, summaryTasks, users, type StepKey, type SummaryTask, type TaskStatus, type TaskSteps } from "@/lib/db/schema";
import { initialSteps } from "@/lib/summary/service";
import { nudgeSummaryWorkers } from "@/lib/summary/worker";
import { audited, type Actor } from "./audit";
import type { TaskFilter } from "./tasks-schema";

/** The error a cancelled task shows its owner (the progress page and the history show `error`). */
export const CANCELLED_BY_ADMIN = "任务已被管理员取消";

const FILTER_STATUSES: Record<Exclude<TaskFilter, "all">, TaskStatus[]> = {
  active: ["processing", "pending"],
  processing: ["processing"],
  pending: ["pending"],
  failed: ["failed"],
  cancelled: ["cancelled"],
  completed: ["completed"],
};

/** The statuses whose counts the page's tabs show: each an index-only count over summary_tasks_queue_idx. */
const COUNTED: TaskStatus[] = ["processing", "pending", "failed"];

export type AdminTaskRow = {
  id: number;
  uuid: string;
  user: { id: number; account_name: string };
  url: string;
  method: SummaryTask["method"];
  status: TaskStatus;
  progress: number;
  attempts: number;
  error: string | null;
  steps: TaskSteps;
  /** The first step whose status is `error`, or null. */
  failed_step: StepKey | null;
  lease_expires_at: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toRow(t: SummaryTask, accountName: string): AdminTaskRow {
  const steps = t.steps ?? initialSteps();
  return {
    id: t.id,
    uuid: t.uuid,
    user: { id: t.userId, account_name: accountName },
    url: t.url,
    method: t.method,
    status: t.status,
    progress: t.progress,
    attempts: t.attempts,
    error: t.error,
    steps,
    failed_step: STEP_KEYS.find((k) => steps[k]?.status === "error") ?? null,
    lease_expires_at: iso(t.leaseExpiresAt),
    created_at: t.createdAt.toISOString(),
    started_at: iso(t.startedAt),
    completed_at: iso(t.completedAt),
  };
}

/**
 * Tasks of one filter, newest first, with the counts of running, queued and failed tasks (the tabs).
 * A status filter reads summary_tasks_queue_idx (status, created_at) backwards; `all` walks the primary key
 * backwards (ids follow creation), so no page sorts the table. `total` of `all` counts the table (an index-only
 * scan of the primary key), the one read here proportional to the number of tasks.
 */
export async function listTasks({ db, status, id, page, limit }: { db: Db; status: TaskFilter; id?: number; page: number; limit: number }) {
  const statuses = status === "all" ? null : FILTER_STATUSES[status];
  const cond: SQL | undefined = and(
    statuses ? (statuses.length === 1 ? eq(summaryTasks.status, statuses[0]) : inArray(summaryTasks.status, statuses)) : undefined,
    id === undefined ? undefined : eq(summaryTasks.id, id),
  );
  const order = status === "all" ? [desc(summaryTasks.id)] : [desc(summaryTasks.createdAt), desc(summaryTasks.id)];
  const [rows, counted, total] = await Promise.all([
    db
      .select({ task: summaryTasks, accountName: users.accountName })
      .from(summaryTasks)
      .innerJoin(users, eq(users.id, summaryTasks.userId))
      .where(cond)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ status: summaryTasks.status, n: sql<number>`count(*)::int` })
      .from(summaryTasks)
      .where(inArray(summaryTasks.status, COUNTED))
      .groupBy(summaryTasks.status),
    db.select({ n: sql<number>`count(*)::int` }).from(summaryTasks).where(cond),
  ]);
  const counts = Object.fromEntries(COUNTED.map((s) => [s, counted.find((c) => c.status === s)?.n ?? 0])) as Record<"processing" | "pending" | "failed", number>;
  return { items: rows.map((r) => toRow(r.task, r.accountName)), total: total[0].n, counts };
}

async function lockTask(tx: Pick<Db, "select">, taskId: number): Promise<SummaryTask> {
  const [task] = await tx.select().from(summaryTasks).where(eq(summaryTasks.id, taskId)).for("update");
  if (!task) throw new ApiError("not_found", "总结任务不存在");
  return task;
}

type Change = { task: { id: number; status: TaskStatus }; changed: boolean };

/**
 * Puts a failed or cancelled task back in the queue as if new (fresh steps, no error, no attempts, no lease),
 * then wakes this process's workers. A task still queued or running is left as it is; a completed one is a
 * conflict (its owner already has the summary).
 */
export async function retryTask({ db, actor, taskId }: { db: Db; actor: Actor; taskId: number }): Promise<Change> {
  const change = await audited<Change>(db, actor, async (tx) => {
    const task = await lockTask(tx, taskId);
    if (task.status === "pending" || task.status === "processing") return { result: { task: { id: task.id, status: task.status }, changed: false }, entry: null };
    if (task.status === "completed") throw new ApiError("conflict", "任务已完成，无需重试");
    await tx
      .update(summaryTasks)
      .set({
        status: "pending",
        steps: initialSteps(),
        progress: 0,
        error: null,
        result: null,
        attempts: 0,
        leaseOwner: null,
        leaseExpiresAt: null,
        startedAt: null,
        completedAt: null,
      })
      .where(eq(summaryTasks.id, task.id));
    return {
      result: { task: { id: task.id, status: "pending" as const }, changed: true },
      entry: { action: "task.retry", objectType: "task", objectId: task.id, before: { status: task.status }, after: { status: "pending" } },
    };
  });
  if (change.changed) nudgeSummaryWorkers();
  return change;
}

/**
 * Cancels a queued or running task. A running task's worker loses it at once (see the header); its owner sees
 * CANCELLED_BY_ADMIN. Cancelling a cancelled task changes nothing; a finished one (completed or failed) is a
 * conflict.
 */
export async function cancelTask({ db, actor, taskId }: { db: Db; actor: Actor; taskId: number }): Promise<Change> {
  return audited<Change>(db, actor, async (tx) => {
    const task = await lockTask(tx, taskId);
    if (task.status === "cancelled") return { result: { task: { id: task.id, status: task.status }, changed: false }, entry: null };
    if (task.status === "completed") throw new ApiError("conflict", "任务已完成，不能取消");
    if (task.status === "failed") throw new ApiError("conflict", "任务已失败，不能取消；如需重新处理请重试");
    await tx
      .update(summaryTasks)
      .set({ status: "cancelled", error: CANCELLED_BY_ADMIN, leaseOwner: null, leaseExpiresAt: null, completedAt: sql`now()` })
      .where(eq(summaryTasks.id, task.id));
    return {
      result: { task: { id: task.id, status: "cancelled" as const }, changed: true },
      entry: { action: "task.cancel", objectType: "task", objectId: task.id, before: { status: task.status }, after: { status: "cancelled" } },
    };
  });
}
