// The summary pipeline's own cost (no provider calls): a task on the benchmark database run in-process
// through fetch (loopback fixture site), extraction, the local summarizer and its progress writes; and the
// plan of a status poll.
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { summaryTasks, users } from "@/lib/db/schema";
import { runSummaryTask } from "@/lib/summary/pipeline";
import { reportProgress } from "@/lib/summary/queue";
import { initialSteps } from "@/lib/summary/service";
import { startFixtureServer } from "@/test/fixture-server";

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

export async function summaryPipeline(url: string, runs = 20) {
  process.env.ALLOW_PRIVATE_URLS = "1";
  (await import("@/lib/config")).resetConfig();
  const site = await startFixtureServer();
  const handle = await openDatabase({ databaseUrl: url });
  const db = handle.db;
  try {
    const [reader] = await db.select().from(users).where(eq(users.accountName, "bench_reader"));
    const times: number[] = [];
    let pollPlan = "";
    for (let i = 0; i < runs + 2; i++) {
      const target = `${site.url}/blog`;
      const [task] = await db
        .insert(summaryTasks)
        .values({ userId: reader.id, url: target, normalizedUrl: target, method: (["quick", "detailed", "knowledge", "storyboard"] as const)[i % 4], status: "processing", leaseOwner: "bench", leaseExpiresAt: sql`now() + interval '1 minute'`, steps: initialSteps() })
        .returning();
      const started = performance.now();
      await runSummaryTask(task, {
        signal: new AbortController().signal,
        report: async (p) => void (await reportProgress({ db, taskId: task.id, workerId: "bench", ...p })),
      });
      if (i >= 2) times.push(performance.now() - started);
      if (i === runs + 1) {
        const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain analyze select * from summary_tasks where uuid = ${task.uuid} and user_id = ${reader.id}`);
        pollPlan = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
      }
    }
    await db.delete(summaryTasks).where(eq(summaryTasks.leaseOwner, "bench"));
    const round = (n: number) => Math.round(n * 10) / 10;
    return { runs, p50: round(pct(times, 50)), p95: round(pct(times, 95)), pollPlan };
  } finally {
    await handle.close();
    await site.close();
    delete process.env.ALLOW_PRIVATE_URLS;
  }
}
