import type { Metadata } from "next";
import { SummaryProgress } from "@/components/summary/summary-progress";
import type { SummaryMethod } from "@/lib/client/summary-api";
import { METHOD_NAMES } from "@/lib/summary/constants";

export const metadata: Metadata = { title: "总结进度", robots: { index: false } };

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

export default async function SummaryProgressPage({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const url = one(q.url);
  const method = one(q.method);
  const taskId = one(q.task_id);
  const validMethod = method && Object.hasOwn(METHOD_NAMES, method) ? (method as SummaryMethod) : undefined;
  // A new query (another link, another task) starts a fresh screen.
  return <SummaryProgress key={`${taskId ?? ""}|${url ?? ""}|${method ?? ""}`} url={url} method={validMethod} taskId={taskId} />;
}
