// Both databases: workers claiming tasks concurrently (FOR UPDATE SKIP LOCKED).
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db";
import { summaryTasks, type SummaryTask } from "@/lib/db/schema";
import { newUser } from "@/test/users";
import { initialSteps } from "./service";
import { StepFailure, startSummaryWorkers, stopSummaryWorkers, type RunTask } from "./worker";

const resultFor = (t: SummaryTask) => ({
  result: { title: `总结 ${t.id}`, content: "内容", summary: "摘要", source_url: t.url, method: t.method, created_at: new Date().toISOString(), reused: false, article_id: null },
  steps: initialSteps(),
});

async function addTasks(n: number, tag: string) {
  const u = await newUser("w");
  const db = await getDb();
  const out = [];
  for (let i = 0; i < n; i++) {
    const url = `https://example.com/${tag}/${i}`;
    out.push((await db.insert(summaryTasks).values({ userId: u.id, url, normalizedUrl: url, method: "quick", steps: initialSteps() }).returning())[0]);
  }
  return out;
}

const rowsOf = async (ids: number[]) => (await (await getDb()).select().from(summaryTasks)).filter((t) => ids.includes(t.id));

afterEach(async () => {
  await stopSummaryWorkers();
  await (await getDb()).execute(sql`delete from summary_tasks`);
});

describe("summary workers", () => {
  it("run every queued task to completion, reporting progress on the way", async () => {
    const tasks = await addTasks(4, "ok");
    const seen: number[] = [];
    const run: RunTask = async (task, ctx) => {
      await ctx.report({ progress: 50, steps: initialSteps() });
      seen.push((await rowsOf([task.id]))[0].progress);
      return resultFor(task);
    };
    startSummaryWorkers({ getDb, run, concurrency: 2, pollMs: 50 });
    await expect.poll(async () => (await rowsOf(tasks.map((t) => t.id))).every((t) => t.status === "completed"), { timeout: 10_000 }).toBe(true);
    expect(seen).toEqual([50, 50, 50, 50]);
    const [one] = await rowsOf([tasks[0].id]);
    expect(one).toMatchObject({ progress: 100, leaseOwner: null, result: { title: `总结 ${tasks[0].id}` } });
  });

  it("record a failed step with its message", async () => {
    const [task] = await addTasks(1, "fail");
    const steps = { ...initialSteps(), fetch: { status: "error" as const, message: "抓取失败", progress: 0, error: "目标网页返回 404" } };
    startSummaryWorkers({ getDb, run: async () => Promise.reject(new StepFailure("目标网页返回 404", steps)), concurrency: 1, pollMs: 50 });
    await expect.poll(async () => (await rowsOf([task.id]))[0].status, { timeout: 10_000 }).toBe("failed");
    expect((await rowsOf([task.id]))[0]).toMatchObject({ error: "目标网页返回 404", steps: { fetch: { status: "error" } } });
  });

  it("abandon work whose lease was taken over, without writing over the new owner", async () => {
    const [task] = await addTasks(1, "stolen");
    let aborted = false;
    const run: RunTask = (t, ctx) =>
      new Promise((resolve) => {
        ctx.signal.addEventListener("abort", () => {
          aborted = true;
          resolve(resultFor(t));
        });
      });
    startSummaryWorkers({ getDb, run, concurrency: 1, pollMs: 50, leaseMs: 600 });
    await expect.poll(async () => (await rowsOf([task.id]))[0].status).toBe("processing");
    await (await getDb()).update(summaryTasks).set({ leaseOwner: "someone-else" }).where(eq(summaryTasks.id, task.id));
    await expect.poll(() => aborted, { timeout: 5_000 }).toBe(true);
    await stopSummaryWorkers();
    expect((await rowsOf([task.id]))[0]).toMatchObject({ status: "processing", leaseOwner: "someone-else", result: null });
  });

  it("hand an unfinished task back to the queue when stopped, its attempt not counted", async () => {
    const [task] = await addTasks(1, "stop");
    const run: RunTask = (_t, ctx) =>
      new Promise((_resolve, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("请求已取消"))));
    startSummaryWorkers({ getDb, run, concurrency: 1, pollMs: 50 });
    await expect.poll(async () => (await rowsOf([task.id]))[0].status).toBe("processing");
    await stopSummaryWorkers();
    expect((await rowsOf([task.id]))[0]).toMatchObject({ status: "pending", leaseOwner: null, leaseExpiresAt: null, attempts: 0, error: null });
  });

  it("hand back a task claimed just as the stop came, without starting it (the stop does not wait for ever)", async () => {
    const [task] = await addTasks(1, "claimed-while-stopping");
    const db = await getDb();
    let stopped: Promise<void> | undefined;
    // The stop lands the moment the claim's UPDATE has answered, before the worker has read the task back.
    const racing = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver);
        return async (...args: Parameters<Db["execute"]>) => {
          const result = await target.execute(...args);
          if (!stopped && (result.rows[0] as { id?: number } | undefined)?.id === task.id) stopped = stopSummaryWorkers();
          return result;
        };
      },
    });
    let started = false;
    const run: RunTask = async (t) => {
      started = true;
      return resultFor(t);
    };
    startSummaryWorkers({ getDb: async () => racing, run, concurrency: 1, pollMs: 50 });
    await expect.poll(() => stopped !== undefined).toBe(true);
    await stopped;
    expect(started).toBe(false);
    expect((await rowsOf([task.id]))[0]).toMatchObject({ status: "pending", leaseOwner: null, leaseExpiresAt: null, attempts: 0 });
  });
});
