import "server-only";
// The summary task queue is the task table itself (DESIGN.md "Link summaries"): a worker claims the oldest
// pending task — or one whose lease expired, its worker gone — with FOR UPDATE SKIP LOCKED, so concurrent
// workers never take the same row, and holds a lease it renews while working. Every write after the claim
// checks the lease owner: a worker that lost its lease cannot overwrite the task. After MAX_ATTEMPTS
// claims a task whose lease keeps expiring is failed with a message instead of being retried forever.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { summaryTasks, type SummaryTask, type TaskResult, type TaskSteps } from "@/lib/db/schema";

export const MAX_ATTEMPTS = 3;
export const DEFAULT_LEASE_MS = 60_000;
export const GAVE_UP_MESSAGE = "处理多次中断，已停止重试，请重新发起总结";

/** Fails tasks whose lease expired after their last allowed attempt. Returns how many. */
export async function failAbandoned({ db }: { db: Db }): Promise<number> {
  const rows = await db
    .update(summaryTasks)
    .set({ status: "failed", error: GAVE_UP_MESSAGE, leaseOwner: null, leaseExpiresAt: null, completedAt: sql`now()` })
    .where(and(eq(summaryTasks.status, "processing"), sql`${summaryTasks.leaseExpiresAt} < now()`, sql`${summaryTasks.attempts} >= ${MAX_ATTEMPTS}`))
    .returning({ id: summaryTasks.id });
  return rows.length;
}

/** Claims the next task for `workerId`, or null when the queue is empty. */
export async function claimTask({ db, workerId, leaseMs = DEFAULT_LEASE_MS }: { db: Db; workerId: string; leaseMs?: number }): Promise<SummaryTask | null> {
  await failAbandoned({ db });
  const result = await db.execute<{ id: number }>(sql`
    update summary_tasks set
      status = 'processing',
      lease_owner = ${workerId},
      lease_expires_at = now() + ${`${leaseMs} milliseconds`}::interval,
      attempts = attempts + 1,
      started_at = coalesce(started_at, now()),
      updated_at = now()
    where id = (
      select id from summary_tasks
      where status = 'pending'
         or (status = 'processing' and lease_expires_at < now() and attempts < ${MAX_ATTEMPTS})
      order by created_at, id
      for update skip locked
      limit 1
    )
    returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) return null;
  const [task] = await db.select().from(summaryTasks).where(eq(summaryTasks.id, Number(id)));
  return task ?? null;
}

const owned = (taskId: number, workerId: string) =>
  and(eq(summaryTasks.id, taskId), eq(summaryTasks.leaseOwner, workerId), eq(summaryTasks.status, "processing"));

/** Extends the lease; false when the worker no longer owns the task (it must stop). */
export async function renewLease({ db, taskId, workerId, leaseMs = DEFAULT_LEASE_MS }: { db: Db; taskId: number; workerId: string; leaseMs?: number }): Promise<boolean> {
  const rows = await db
    .update(summaryTasks)
    .set({ leaseExpiresAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(owned(taskId, workerId))
    .returning({ id: summaryTasks.id });
  return rows.length === 1;
}

/** Records progress and steps as the work advances (any instance can then answer a status poll). */
export async function reportProgress({ db, taskId, workerId, progress, steps }: { db: Db; taskId: number; workerId: string; progress: number; steps: TaskSteps }): Promise<boolean> {
  const rows = await db
    .update(summaryTasks)
    .set({ progress: Math.max(0, Math.min(100, Math.round(progress))), steps })
    .where(owned(taskId, workerId))
    .returning({ id: summaryTasks.id });
  return rows.length === 1;
}

export async function completeTask({ db, taskId, workerId, result, steps }: { db: Db; taskId: number; workerId: string; result: TaskResult; steps: TaskSteps }): Promise<boolean> {
  const rows = await db
    .update(summaryTasks)
    .set({ status: "completed", progress: 100, result, steps, error: null, leaseOwner: null, leaseExpiresAt: null, completedAt: sql`now()` })
    .where(owned(taskId, workerId))
    .returning({ id: summaryTasks.id });
  return rows.length === 1;
}

export async function failTask({ db, taskId, workerId, error, steps }: { db: Db; taskId: number; workerId: string; error: string; steps: TaskSteps }): Promise<boolean> {
  const rows = await db
    .update(summaryTasks)
    .set({ status: "failed", error, steps, leaseOwner: null, leaseExpiresAt: null, completedAt: sql`now()` })
    .where(owned(taskId, workerId))
    .returning({ id: summaryTasks.id });
  return rows.length === 1;
}

/**
 * Gives an unfinished task back to the queue at once (a worker shutting down): pending again, the lease
 * cleared and the attempt not counted, so another worker takes it without waiting for the lease to expire.
 */
export async function releaseTask({ db, taskId, workerId }: { db: Db; taskId: number; workerId: string }): Promise<boolean> {
  const rows = await db
    .update(summaryTasks)
    .set({ status: "pending", leaseOwner: null, leaseExpiresAt: null, attempts: sql`greatest(${summaryTasks.attempts} - 1, 0)` })
    .where(owned(taskId, workerId))
    .returning({ id: summaryTasks.id });
  return rows.length === 1;
}
