"use client";
// The summary calls (SPEC section 7, docs/summary.md): create a task, read its status, turn the finished
// summary into a feed article. All need the Bearer token that `api()` adds.
import { api, ApiRequestError } from "./api";
import { getToken } from "./session";

export type SummaryMethod = "quick" | "detailed" | "knowledge" | "storyboard";
export type TaskState = "pending" | "processing" | "completed" | "failed" | "cancelled";
export type StepState = "pending" | "active" | "completed" | "error";
export type StepKey = "fetch" | "process" | "transcribe" | "summarize";

export type SummaryStep = { status: StepState; message?: string | null; progress?: number | null; error?: string | null };

export type SummaryResult = {
  title: string | null;
  content: string | null;
  summary?: string | null;
  source_url?: string | null;
  method?: string | null;
  created_at?: string | null;
  reused?: boolean;
  article_id?: number | null;
  author?: string | null;
  duration?: number | null;
  transcript?: { start: number; end: number; text: string }[];
};

export type SummaryTaskStatus = {
  task_id: string;
  status: TaskState;
  progress: number;
  url: string;
  method: SummaryMethod;
  error: string | null;
  steps: Partial<Record<StepKey, SummaryStep>>;
  result: SummaryResult | null;
  created_at: string | null;
  started_at: string | null;
  completed_at: string | null;
};

export type CreateArticleAnswer = { success: boolean; article_id: number; already_exists: boolean; message?: string };

export const SUMMARY_METHODS: SummaryMethod[] = ["quick", "detailed", "knowledge", "storyboard"];

export function isSummaryMethod(value: unknown): value is SummaryMethod {
  return typeof value === "string" && (SUMMARY_METHODS as string[]).includes(value);
}

/** Queue a summary. Without a token the call is not made (a 401 would leave the page for the login screen). */
/** `force`: summarise again even when a finished summary of this link and method exists (重新总结, 重试). */
export async function createSummaryTask(url: string, method: SummaryMethod, force = false): Promise<{ task_id: string; status: TaskState }> {
  if (!getToken()) throw new ApiRequestError(401, "未登录，无法创建总结任务");
  return api("/api/summary/create-task", { json: { url, method, ...(force && { force: true }) } });
}

export function getSummaryStatus(taskId: string): Promise<SummaryTaskStatus> {
  return api(`/api/summary/task/${encodeURIComponent(taskId)}/status`);
}

export function createArticleFromTask(taskId: string): Promise<CreateArticleAnswer> {
  return api(`/api/summary/task/${encodeURIComponent(taskId)}/create-article`, { method: "POST" });
}
