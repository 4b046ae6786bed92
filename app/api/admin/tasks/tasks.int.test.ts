import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { getDb } from "@/lib/db";
import { adminAudit, summaryTasks, users, type SummaryTask, type TaskSteps } from "@/lib/db/schema";
import { CANCELLED_BY_ADMIN } from "@/lib/admin/tasks";
import { claimTask, completeTask, failTask, renewLease, reportProgress } from "@/lib/summary/queue";
import { initialSteps } from "@/lib/summary/service";
import { GET as list } from "./route";
import { POST as retry, PUT as retryPut } from "./[id]/retry/route";
import { POST as cancel, GET as cancelGet } from "./[id]/cancel/route";

let seq = 0;

async function newAdmin() {
  const admin = await newUser("op");
  await (await getDb()).update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  return admin;
}

/** A task in `status`, created `createdAt` (old tasks come first in the queue). */
async function newTask(userId: number, status: SummaryTask["status"], extra: Partial<typeof summaryTasks.$inferInsert> = {}): Promise<SummaryTask> {
  const url = `https://example.com/tasks/${process.pid}/${++seq}`;
  const [task] = await (await getDb())
    .insert(summaryTasks)
    .values({ userId, url, normalizedUrl: url, method: "quick", status, steps: initialSteps(), ...extra })
    .returning();
  return task;
}

const failedSteps = (): TaskSteps => ({
  ...initialSteps(),
  fetch: { status: "completed", message: "已获取", progress: 100, error: null },
  process: { status: "error", message: "处理失败", progress: 30, error: "页面内容为空：没有可总结的正文" },
});

const taskRow = async (id: number) => (await (await getDb()).select().from(summaryTasks).where(eq(summaryTasks.id, id)))[0];
const auditRows = async (id: number) =>
  (await getDb()).select().from(adminAudit).where(eq(adminAudit.objectId, String(id))).then((rows) => rows.filter((r) => r.objectType === "task"));

const post = (handler: typeof retry, action: string, token: string, id: number | string) =>
  call(handler, `/api/admin/tasks/${id}/${action}`, { method: "POST", token, params: { id: String(id) } });

describe("GET /api/admin/tasks", () => {
  it("lists running and queued tasks by default, each filter by status, newest first, with the owner, step errors and counts", async () => {
    const admin = await newAdmin();
    const owner = await newUser("owner");
    const [ownerName] = await (await getDb()).select({ n: users.accountName }).from(users).where(eq(users.id, owner.id));
    const failed = await newTask(owner.id, "failed", { steps: failedSteps(), error: "页面内容为空：没有可总结的正文", attempts: 1 });
    const queued = await newTask(owner.id, "pending");
    const running = await newTask(owner.id, "processing", { progress: 40, attempts: 1, leaseOwner: "w", leaseExpiresAt: new Date(Date.now() + 60_000), startedAt: new Date() });
    const done = await newTask(owner.id, "completed", { progress: 100 });

    const active = await call(list, "/api/admin/tasks", { token: admin.token });
    expect(active.status).toBe(200);
    const ids = (r: typeof active) => r.body.items.map((t: { id: number }) => t.id);
    expect(ids(active)).toEqual([running.id, queued.id]);
    expect(active.body).toMatchObject({ total: 2, page: 1, limit: 20, counts: { processing: 1, pending: 1, failed: 1 } });
    expect(active.body.items[0]).toMatchObject({
      id: running.id,
      uuid: running.uuid,
      user: { id: owner.id, account_name: ownerName.n },
      url: running.url,
      method: "quick",
      status: "processing",
      progress: 40,
      attempts: 1,
      failed_step: null,
    });
    expect(typeof active.body.items[0].started_at).toBe("string");

    const onlyFailed = await call(list, "/api/admin/tasks?status=failed", { token: admin.token });
    expect(ids(onlyFailed)).toEqual([failed.id]);
    expect(onlyFailed.body.items[0]).toMatchObject({ error: "页面内容为空：没有可总结的正文", failed_step: "process" });
    expect(onlyFailed.body.items[0].steps.process).toEqual({ status: "error", message: "处理失败", progress: 30, error: "页面内容为空：没有可总结的正文" });

    expect(ids(await call(list, "/api/admin/tasks?status=pending", { token: admin.token }))).toEqual([queued.id]);
    expect(ids(await call(list, "/api/admin/tasks?status=processing", { token: admin.token }))).toEqual([running.id]);
    expect(ids(await call(list, "/api/admin/tasks?status=completed", { token: admin.token }))).toEqual([done.id]);
    const all = await call(list, "/api/admin/tasks?status=all&limit=2&page=2", { token: admin.token });
    expect(ids(all)).toEqual([queued.id, failed.id]);
    expect(all.body.total).toBe(4);
    expect(ids(await call(list, `/api/admin/tasks?status=all&id=${failed.id}`, { token: admin.token }))).toEqual([failed.id]);
  });

  it.each([
    ["?status=done", "status"],
    ["?status=", "status"],
    ["?page=0", "page"],
    ["?limit=abc", "limit"],
    ["?id=x", "编号"],
    ["?id=99999999999", "编号"],
  ])("GET %s → 400 with a Chinese detail", async (qs, mention) => {
    const admin = await newAdmin();
    const res = await call(list, `/api/admin/tasks${qs}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
    expect(res.body.detail).toContain(mention);
  });
});

describe("POST /api/admin/tasks/{id}/retry", () => {
  it("puts a failed task back in the queue as new, a worker claims it, and the audit log records it once", async () => {
    const admin = await newAdmin();
    const owner = await newUser("owner");
    const failed = await newTask(owner.id, "failed", {
      steps: failedSteps(),
      error: "页面内容为空",
      attempts: 3,
      progress: 30,
      createdAt: new Date("2000-01-01T00:00:00Z"), // first in the queue
      startedAt: new Date("2000-01-01T00:00:10Z"),
      completedAt: new Date("2000-01-01T00:01:00Z"),
    });
    const db = await getDb();
    expect(await claimTask({ db, workerId: "before" }).then((t) => t?.id)).not.toBe(failed.id);

    const res = await post(retry, "retry", admin.token, failed.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { task: { id: failed.id, status: "pending" }, changed: true } });
    const row = await taskRow(failed.id);
    expect(row).toMatchObject({ status: "pending", progress: 0, error: null, attempts: 0, leaseOwner: null, leaseExpiresAt: null, startedAt: null, completedAt: null });
    expect(row.steps).toEqual(initialSteps());

    const [audit] = await auditRows(failed.id);
    expect(audit).toMatchObject({ actorId: admin.id, action: "task.retry", objectType: "task", before: { status: "failed" }, after: { status: "pending" } });

    // Idempotent: queued again, a second retry changes nothing and records nothing.
    const again = await post(retry, "retry", admin.token, failed.id);
    expect(again.body).toEqual({ data: { task: { id: failed.id, status: "pending" }, changed: false } });
    expect(await auditRows(failed.id)).toHaveLength(1);

    const claimed = await claimTask({ db, workerId: "after" });
    expect(claimed).toMatchObject({ id: failed.id, status: "processing", attempts: 1, leaseOwner: "after" });
  });

  it("retries a cancelled task; a running one is a no-op; a completed one is a 409 that changes nothing", async () => {
    const admin = await newAdmin();
    const owner = await newUser("owner");
    const cancelled = await newTask(owner.id, "cancelled", { error: CANCELLED_BY_ADMIN });
    expect((await post(retry, "retry", admin.token, cancelled.id)).body.data.changed).toBe(true);
    expect((await taskRow(cancelled.id)).status).toBe("pending");

    const running = await newTask(owner.id, "processing", { leaseOwner: "w", leaseExpiresAt: new Date(Date.now() + 60_000), attempts: 1, progress: 50 });
    const noop = await post(retry, "retry", admin.token, running.id);
    expect(noop.status).toBe(200);
    expect(noop.body.data).toEqual({ task: { id: running.id, status: "processing" }, changed: false });
    expect(await taskRow(running.id)).toEqual(running);
    expect(await auditRows(running.id)).toHaveLength(0);

    const done = await newTask(owner.id, "completed", { progress: 100 });
    const refused = await post(retry, "retry", admin.token, done.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("任务已完成，无需重试");
    expect(await taskRow(done.id)).toEqual(done);
    expect(await auditRows(done.id)).toHaveLength(0);
  });
});

describe("POST /api/admin/tasks/{id}/cancel", () => {
  it("cancels a queued task once; the second call records nothing", async () => {
    const admin = await newAdmin();
    const owner = await newUser("owner");
    const queued = await newTask(owner.id, "pending");
    const res = await post(cancel, "cancel", admin.token, queued.id);
    expect(res.body).toEqual({ data: { task: { id: queued.id, status: "cancelled" }, changed: true } });
    expect(await taskRow(queued.id)).toMatchObject({ status: "cancelled", error: CANCELLED_BY_ADMIN });
    const again = await post(cancel, "cancel", admin.token, queued.id);
    expect(again.status).toBe(200);
    expect(again.body.data.changed).toBe(false);
    const audits = await auditRows(queued.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "task.cancel", before: { status: "pending" }, after: { status: "cancelled" } });
  });

  it("takes a running task from its worker: the worker's late writes change nothing", async () => {
    const admin = await newAdmin();
    const owner = await newUser("owner");
    const db = await getDb();
    // Drain whatever other tests left queued, then queue ours.
    while (await claimTask({ db, workerId: "drain" }));
    const task = await newTask(owner.id, "pending");
    const claimed = await claimTask({ db, workerId: "worker-1" });
    expect(claimed?.id).toBe(task.id);

    expect((await post(cancel, "cancel", admin.token, task.id)).body.data).toEqual({ task: { id: task.id, status: "cancelled" }, changed: true });
    const steps = initialSteps();
    const result = { title: "t", content: "c", summary: "s", source_url: task.url, method: "quick" as const, created_at: new Date().toISOString(), reused: false, article_id: null };
    expect(await reportProgress({ db, taskId: task.id, workerId: "worker-1", progress: 80, steps })).toBe(false);
    expect(await renewLease({ db, taskId: task.id, workerId: "worker-1" })).toBe(false);
    expect(await completeTask({ db, taskId: task.id, workerId: "worker-1", result, steps })).toBe(false);
    expect(await failTask({ db, taskId: task.id, workerId: "worker-1", error: "x", steps })).toBe(false);
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ status: "cancelled", result: null, error: CANCELLED_BY_ADMIN, leaseOwner: null });
    expect(row.progress).not.toBe(80);
    // Nor does a worker claim it again.
    expect(await claimTask({ db, workerId: "worker-2" })).toBeNull();
  });

  it.each([
    ["completed", "任务已完成，不能取消"],
    ["failed", "任务已失败，不能取消；如需重新处理请重试"],
  ] as const)("a %s task is a 409 that changes nothing", async (status, detail) => {
    const admin = await newAdmin();
    const owner = await newUser("owner");
    const task = await newTask(owner.id, status);
    const res = await post(cancel, "cancel", admin.token, task.id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(detail);
    expect(await taskRow(task.id)).toEqual(task);
    expect(await auditRows(task.id)).toHaveLength(0);
  });
});

describe("bad input and refused callers", () => {
  it.each([
    ["abc", 400],
    ["0", 400],
    ["-1", 400],
    ["1.5", 400],
    ["9999999999", 400],
    ["99999999", 404],
  ])("id %s → %i with a Chinese detail, for retry and cancel", async (id, status) => {
    const admin = await newAdmin();
    for (const [handler, action] of [[retry, "retry"], [cancel, "cancel"]] as const) {
      const res = await post(handler, action, admin.token, id);
      expect(res.status).toBe(status);
      expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("no token → 401, a reader → 404, and neither changes the task; other methods → 405", async () => {
    const reader = await newUser();
    const owner = await newUser("owner");
    const task = await newTask(owner.id, "failed", { error: "x" });
    expect((await call(retry, `/api/admin/tasks/${task.id}/retry`, { method: "POST", params: { id: String(task.id) } })).status).toBe(401);
    expect((await post(retry, "retry", reader.token, task.id)).status).toBe(404);
    expect((await post(cancel, "cancel", reader.token, task.id)).status).toBe(404);
    expect((await call(list, "/api/admin/tasks", { token: reader.token })).status).toBe(404);
    expect(await taskRow(task.id)).toEqual(task);
    const admin = await newAdmin();
    expect((await call(retryPut, `/api/admin/tasks/${task.id}/retry`, { method: "PUT", token: admin.token })).status).toBe(405);
    expect((await call(cancelGet, `/api/admin/tasks/${task.id}/cancel`, { token: admin.token })).status).toBe(405);
  });
});
