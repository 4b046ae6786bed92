// Both databases: leases taken with FOR UPDATE SKIP LOCKED by concurrent claimers.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { summaryTasks, type TaskSteps } from "@/lib/db/schema";
import { newUser } from "@/test/users";
import { claimTask, completeTask, failTask, GAVE_UP_MESSAGE, MAX_ATTEMPTS, renewLease, reportProgress } from "./queue";

const step = { status: "pending" as const, message: "", progress: 0, error: null };
const STEPS: TaskSteps = { fetch: step, process: step, transcribe: step, summarize: step };
const RESULT = { title: "t", content: "c", summary: "s", source_url: "https://example.com/a", method: "quick" as const, created_at: new Date().toISOString(), reused: false, article_id: null };

async function addTasks(n: number) {
  const db = await getDb();
  const u = await newUser("q");
  const rows = [];
  for (let i = 0; i < n; i++) {
    const url = `https://example.com/q/${u.id}/${i}`;
    const [t] = await db.insert(summaryTasks).values({ userId: u.id, url, normalizedUrl: url, method: "quick" }).returning();
    rows.push(t);
  }
  return rows;
}

/** Makes a task's lease look expired, as if its worker died. */
async function expire(id: number) {
  await (await getDb()).update(summaryTasks).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(summaryTasks.id, id));
}

beforeEach(async () => {
  await (await getDb()).execute(sql`delete from summary_tasks`);
});

describe("the summary task queue", () => {
  it("hands out the oldest pending task once, with a lease", async () => {
    const db = await getDb();
    const [a, b] = await addTasks(2);
    const first = await claimTask({ db, workerId: "w1" });
    expect(first).toMatchObject({ id: a.id, status: "processing", leaseOwner: "w1", attempts: 1 });
    expect(first!.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await claimTask({ db, workerId: "w2" }))?.id).toBe(b.id);
    expect(await claimTask({ db, workerId: "w3" })).toBeNull();
  });

  it("never gives one task to two concurrent workers", async () => {
    const db = await getDb();
    await addTasks(6);
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => claimTask({ db, workerId: `w${i}` })));
    const ids = claims.filter(Boolean).map((t) => t!.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it("returns a task whose worker died to the queue, and the old worker can no longer write", async () => {
    const db = await getDb();
    const [task] = await addTasks(1);
    await claimTask({ db, workerId: "dead" });
    await expire(task.id);
    const again = await claimTask({ db, workerId: "alive" });
    expect(again).toMatchObject({ id: task.id, leaseOwner: "alive", attempts: 2 });
    expect(await renewLease({ db, taskId: task.id, workerId: "dead" })).toBe(false);
    expect(await reportProgress({ db, taskId: task.id, workerId: "dead", progress: 50, steps: STEPS })).toBe(false);
    expect(await completeTask({ db, taskId: task.id, workerId: "dead", result: RESULT, steps: STEPS })).toBe(false);
    expect(await renewLease({ db, taskId: task.id, workerId: "alive" })).toBe(true);
    expect(await reportProgress({ db, taskId: task.id, workerId: "alive", progress: 49.6, steps: STEPS })).toBe(true);
    expect(await completeTask({ db, taskId: task.id, workerId: "alive", result: RESULT, steps: STEPS })).toBe(true);
    const [done] = await db.select().from(summaryTasks).where(eq(summaryTasks.id, task.id));
    expect(done).toMatchObject({ status: "completed", progress: 100, leaseOwner: null, result: RESULT });
    expect(await claimTask({ db, workerId: "w" })).toBeNull();
  });

  it(`fails a task after ${MAX_ATTEMPTS} interrupted attempts instead of retrying forever`, async () => {
    const db = await getDb();
    const [task] = await addTasks(1);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect((await claimTask({ db, workerId: `w${i}` }))?.id).toBe(task.id);
      await expire(task.id);
    }
    expect(await claimTask({ db, workerId: "late" })).toBeNull();
    const [failed] = await db.select().from(summaryTasks).where(eq(summaryTasks.id, task.id));
    expect(failed).toMatchObject({ status: "failed", error: GAVE_UP_MESSAGE, attempts: MAX_ATTEMPTS });
  });

  it("records a failure with its message, only from the lease owner", async () => {
    const db = await getDb();
    const [task] = await addTasks(1);
    await claimTask({ db, workerId: "w" });
    expect(await failTask({ db, taskId: task.id, workerId: "other", error: "x", steps: STEPS })).toBe(false);
    expect(await failTask({ db, taskId: task.id, workerId: "w", error: "目标网页返回 404", steps: STEPS })).toBe(true);
    const [failed] = await db.select().from(summaryTasks).where(eq(summaryTasks.id, task.id));
    expect(failed).toMatchObject({ status: "failed", error: "目标网页返回 404" });
  });
});
