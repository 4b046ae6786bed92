import { spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { summaryTasks } from "@/lib/db/schema";
import { startFixtureServer, type FixtureServer } from "@/test/fixture-server";
import { newUser } from "@/test/users";
import { runSummaryTask } from "./pipeline";
import { initialSteps } from "./service";
import { startSummaryWorkers, stopSummaryWorkers } from "./worker";

// A separate worker process needs a database two processes can share: a PostgreSQL server. The embedded
// PGlite of the int-pglite project lives in this process's memory, so there the test is skipped.
const shared = process.env.TEST_DB_DRIVER === "postgres";

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer();
});
afterAll(async () => {
  await stopSummaryWorkers();
  await site.close();
});

// Skipped on int-pglite (reason): a second worker process cannot open this process's PGlite data directory (one process per directory); it runs on int-postgres.
it.skipIf(!shared)("a worker process killed mid-task loses its lease, and another worker finishes the task exactly once", async () => {
  const db = await getDb();
  const user = await newUser("restart");
  const url = `${site.url}/slow-once`;
  const [task] = await db.insert(summaryTasks).values({ userId: user.id, url, normalizedUrl: url, method: "quick", steps: initialSteps() }).returning();

  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, ALLOW_PRIVATE_URLS: "1", SUMMARY_CONCURRENCY: "1", OPENAI_API_KEY: "" },
    stdio: "ignore",
  });
  // The child claims the task and starts fetching; the page never answers it.
  await expect.poll(async () => (await db.select().from(summaryTasks).where(eq(summaryTasks.id, task.id)))[0].status, { timeout: 20_000 }).toBe("processing");
  await expect.poll(() => site.requests.filter((r) => r.path === "/slow-once").length, { timeout: 10_000 }).toBe(1);
  child.kill("SIGKILL");
  await new Promise((r) => child.once("exit", r));

  // Its lease runs out (a minute; moved forward here instead of waiting), and a new worker takes over.
  await db.update(summaryTasks).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(summaryTasks.id, task.id));
  process.env.ALLOW_PRIVATE_URLS = "1";
  (await import("@/lib/config")).resetConfig();
  startSummaryWorkers({ getDb, run: runSummaryTask, concurrency: 1, pollMs: 50 });
  await expect.poll(async () => (await db.select().from(summaryTasks).where(eq(summaryTasks.id, task.id)))[0].status, { timeout: 15_000 }).toBe("completed");
  const [done] = await db.select().from(summaryTasks).where(eq(summaryTasks.id, task.id));
  expect(done).toMatchObject({ attempts: 2, progress: 100 });
  expect(done.result?.content).toContain("本地抽取式引擎");
  const rows = await db.select().from(summaryTasks).where(eq(summaryTasks.userId, user.id));
  expect(rows).toHaveLength(1);
}, 60_000);
