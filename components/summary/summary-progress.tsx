"use client";
// /summary-progress: creates the task (or follows ?task_id=), polls its status every 2 s until it completes
// or fails, and shows the steps, the result or the error. If the task cannot be created, a labelled demo run
// plays instead (SPEC sections 2 and 4). Every timer and poll stops on unmount.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { CircleAlert, Clock, FlaskConical, Loader2 } from "lucide-react";
import { ApiRequestError, errorText } from "@/lib/client/api";
import {
  createSummaryTask,
  getSummaryStatus,
  type SummaryMethod,
  type SummaryTaskStatus,
} from "@/lib/client/summary-api";
import { DEMO_PHASE_AT, demoStatus } from "./summary-demo";
import { methodName } from "./summary-methods";
import { elapsedOf, SummaryResult } from "./summary-result";
import { clampProgress, ProgressBar, SummarySteps } from "./summary-steps";

export const POLL_INTERVAL_MS = 2000;
const TASK_FAILED = "处理失败，请重试";
const MAX_POLL_ERRORS = 5;

type Run =
  | { key: number; kind: "create"; url: string; method: SummaryMethod }
  | { key: number; kind: "follow"; taskId: string; url?: string; method?: SummaryMethod };

type Props = { url?: string; method?: SummaryMethod; taskId?: string };

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).host : "";
  } catch {
    return "";
  }
}

/** Whether `url` is an http(s) link, the only kind a task has; a crafted `?url=` is only ever shown as text. */
function isWebLink(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

function initialRun({ url, method, taskId }: Props): Run | null {
  if (taskId) return { key: 0, kind: "follow", taskId, url, method };
  if (url && method) return { key: 0, kind: "create", url, method };
  return null;
}

export function SummaryProgress(props: Props) {
  const router = useRouter();
  const [run, setRun] = useState<Run | null>(() => initialRun(props));
  const [task, setTask] = useState<SummaryTaskStatus | null>(null);
  const [demoReason, setDemoReason] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [now, setNow] = useState<number | null>(null);
  // One creation per run, even when strict mode runs the effect twice.
  const creations = useRef(new Map<number, Promise<{ task_id: string }>>());

  useEffect(() => {
    if (!run) return;
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let pollErrors = 0;

    const poll = (taskId: string) => {
      getSummaryStatus(taskId).then(
        (status) => {
          if (cancelled) return;
          pollErrors = 0;
          setTask(status);
          if (status.status === "pending" || status.status === "processing") timers.push(setTimeout(() => poll(taskId), POLL_INTERVAL_MS));
        },
        (err) => {
          if (cancelled) return;
          const final = err instanceof ApiRequestError && [401, 403, 404].includes(err.status);
          if (final || ++pollErrors >= MAX_POLL_ERRORS) setFailure(errorText(err, "获取任务状态失败，请稍后重试"));
          else timers.push(setTimeout(() => poll(taskId), POLL_INTERVAL_MS));
        },
      );
    };

    const playDemo = (url: string, method: SummaryMethod, reason: string) => {
      const startedAt = new Date().toISOString();
      setDemoReason(reason);
      DEMO_PHASE_AT.forEach((at, phase) => {
        timers.push(
          setTimeout(() => {
            if (cancelled) return;
            const end = phase === DEMO_PHASE_AT.length - 1 ? new Date().toISOString() : null;
            setTask(demoStatus(phase, url, method, startedAt, end));
          }, at),
        );
      });
    };

    if (run.kind === "follow") {
      poll(run.taskId);
    } else {
      let creation = creations.current.get(run.key);
      if (!creation) {
        // A restart (重新总结, 重试) asks for a fresh run rather than the finished summary again.
        creation = createSummaryTask(run.url, run.method, run.key > 0);
        creations.current.set(run.key, creation);
      }
      creation.then(
        ({ task_id }) => {
          if (!cancelled) poll(task_id);
        },
        (err) => {
          if (!cancelled) playDemo(run.url, run.method, errorText(err, "创建任务失败"));
        },
      );
    }
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [run]);

  const running = Boolean(task && (task.status === "pending" || task.status === "processing")) || (!task && !failure && Boolean(run));
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);

  const url = task?.url ?? (run?.kind === "create" ? run.url : run?.url);
  const method = task?.method ?? run?.method;
  const demo = demoReason !== null;

  function restart() {
    if (!url || !method) return;
    setTask(null);
    setDemoReason(null);
    setFailure(null);
    setNow(null);
    setRun({ key: (run?.key ?? 0) + 1, kind: "create", url, method });
  }

  function back() {
    if (window.history.length > 1) router.back();
    else router.push("/smart-summary");
  }

  if (!run) {
    return (
      <ErrorCard message="缺少要总结的链接，请从智能总结页开始" onBack={() => router.push("/smart-summary")} />
    );
  }

  const errorMessage = failure ?? (task && (task.status === "failed" || task.status === "cancelled") ? task.error || TASK_FAILED : null);

  return (
    <div className="space-y-4">
      <section aria-label="总结任务" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-lg font-semibold text-slate-900">总结进度</h1>
          {method ? (
            <span data-testid="method-badge" className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
              {methodName(method)}
            </span>
          ) : null}
          {demo ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800">
              <FlaskConical className="size-3.5" aria-hidden />
              演示
            </span>
          ) : null}
        </div>
        {url ? (
          <div className="mt-2 min-w-0">
            <p className="text-sm font-medium text-slate-700">{hostOf(url)}</p>
            {isWebLink(url) ? (
              <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="block break-all text-xs text-brand-600 hover:underline">
                {url}
              </a>
            ) : (
              <p className="break-all text-xs text-slate-500">{url}</p>
            )}
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-500">正在读取任务…</p>
        )}
        {demo ? (
          <div role="note" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            <p className="font-medium">当前为演示效果，并非真实总结结果</p>
            <p className="mt-0.5 text-xs">创建任务失败：{demoReason}</p>
          </div>
        ) : null}

        {!errorMessage && task?.status !== "completed" ? (
          <div className="mt-4 space-y-1">
            <ProgressBar value={clampProgress(task?.progress ?? 0)} />
            <p className="flex items-center gap-1 text-xs tabular-nums text-slate-500">
              {task ? <Clock className="size-3.5" aria-hidden /> : <Loader2 className="size-3.5 animate-spin" aria-hidden />}
              {task ? `已用时 ${elapsedOf(task, now)}` : "正在创建任务…"}
            </p>
          </div>
        ) : null}
        <div className="mt-4">
          <SummarySteps steps={task?.steps ?? {}} />
        </div>
      </section>

      {errorMessage ? <ErrorCard message={errorMessage} onRetry={url && method ? restart : undefined} onBack={back} /> : null}
      {!errorMessage && task?.status === "completed" && task.result ? (
        <SummaryResult key={task.task_id} task={task} demo={demo} onResummarize={restart} />
      ) : null}
    </div>
  );
}

function ErrorCard({ message, onRetry, onBack }: { message: string; onRetry?: () => void; onBack: () => void }) {
  return (
    <section role="alert" aria-label="处理失败" className="rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-6">
      <p className="flex items-start gap-2 text-sm text-red-700">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="break-words">{message}</span>
      </p>
      <div className="mt-4 flex gap-2">
        {onRetry ? (
          <button type="button" onClick={onRetry} className="rounded-full bg-brand-600 px-4 py-1.5 text-sm text-white hover:bg-brand-700">
            重试
          </button>
        ) : null}
        <button type="button" onClick={onBack} className="rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
          返回
        </button>
      </div>
    </section>
  );
}
