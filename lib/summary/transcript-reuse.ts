import "server-only";
// A link whose media was transcribed before (another method, a re-summary, another reader) is not fetched and
// transcribed again: the newest completed task of the same normalized link that kept a transcript gives it
// back, with its title and what the platform said. Found by summary_tasks_reuse_idx (normalized_url first).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { summaryTasks, type TaskResult } from "@/lib/db/schema";

export type KeptTranscript = Required<Pick<TaskResult, "title" | "transcript">> & Pick<TaskResult, "author" | "duration">;

export async function keptTranscript({ db, normalizedUrl }: { db: Db; normalizedUrl: string }): Promise<KeptTranscript | null> {
  const [row] = await db
    .select({ result: summaryTasks.result })
    .from(summaryTasks)
    .where(and(eq(summaryTasks.normalizedUrl, normalizedUrl), eq(summaryTasks.status, "completed"), sql`${summaryTasks.result} ? 'transcript'`))
    .orderBy(desc(summaryTasks.completedAt))
    .limit(1);
  const result = row?.result;
  if (!result?.transcript?.length) return null;
  return { title: result.title, transcript: result.transcript, author: result.author, duration: result.duration };
}
