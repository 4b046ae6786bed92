// A link pasted by a new signed-in reader and run to its end by a worker of the real queue with the real
// pipeline: the task row as it ended (completed or failed).
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/lib/db";
import { summaryTasks, type SummaryTask } from "@/lib/db/schema";
import { runSummaryTask } from "@/lib/summary/pipeline";
import { createTask } from "@/lib/summary/service";
import { startSummaryWorkers, stopSummaryWorkers } from "@/lib/summary/worker";
import { newUser } from "./users";

type Method = Parameters<typeof createTask>[0]["body"]["method"];

export async function summariseThroughQueue(url: string, method: Method = "quick"): Promise<SummaryTask> {
  const db = await getDb();
  const user = await newUser("queue");
  const { task_id } = await createTask({ db, userId: user.id, body: { url, method, force: false } });
  const row = async () => (await db.select().from(summaryTasks).where(eq(summaryTasks.uuid, task_id)))[0];
  startSummaryWorkers({ getDb, run: runSummaryTask, concurrency: 1, pollMs: 50 });
  try {
    await expect.poll(async () => (await row()).status, { timeout: 20_000 }).toMatch(/completed|failed/);
  } finally {
    await stopSummaryWorkers();
  }
  return row();
}
