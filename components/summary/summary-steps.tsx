// The progress bar and the three steps of a summary task (SPEC sections 2 and 4).
import { CheckCircle2, CircleAlert, CircleDashed, Loader2 } from "lucide-react";
import type { StepState, SummaryStep, SummaryTaskStatus } from "@/lib/client/summary-api";

const STATE_TEXT: Record<StepState, string> = { pending: "等待中", active: "进行中", completed: "已完成", error: "失败" };
const STATE_STYLE: Record<StepState, string> = {
  pending: "bg-slate-100 text-slate-500",
  active: "bg-brand-50 text-brand-700",
  completed: "bg-emerald-50 text-emerald-700",
  error: "bg-red-50 text-red-700",
};

export function clampProgress(value: unknown): number {
  const n = typeof value === "number" && Number.isFinite(value) ? value : 0;
  return Math.round(Math.min(100, Math.max(0, n)));
}

export function ProgressBar({ value }: { value: number }) {
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label="总结进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
      <span className="w-11 text-right text-sm font-medium tabular-nums text-slate-700">{value}%</span>
    </div>
  );
}

function StepIcon({ state }: { state: StepState }) {
  if (state === "completed") return <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />;
  if (state === "active") return <Loader2 className="size-5 animate-spin text-brand-500" aria-hidden />;
  if (state === "error") return <CircleAlert className="size-5 text-red-600" aria-hidden />;
  return <CircleDashed className="size-5 text-slate-300" aria-hidden />;
}

export function SummarySteps({ steps }: { steps: SummaryTaskStatus["steps"] }) {
  const transcribing = steps.transcribe && steps.transcribe.status !== "pending";
  // Media reads 获取媒体 → 语音转文字 → 智能总结 (the transcribe step's message counts the pieces); a page 抓取内容 → 处理内容.
  const rows: { key: string; label: string; step?: SummaryStep }[] = [
    { key: "fetch", label: transcribing ? "获取媒体" : "抓取内容", step: steps.fetch },
    transcribing
      ? { key: "transcribe", label: "语音转文字", step: steps.transcribe }
      : { key: "process", label: "处理内容", step: steps.process },
    { key: "summarize", label: "智能总结", step: steps.summarize },
  ];
  return (
    <ol className="space-y-3" aria-label="处理步骤">
      {rows.map(({ key, label, step }) => {
        const state: StepState = step?.status ?? "pending";
        const detail = state === "error" ? step?.error || step?.message : step?.message;
        return (
          <li key={key} data-testid={`step-${key}`} data-state={state} className="flex items-start gap-3">
            <span className="mt-0.5">
              <StepIcon state={state} />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium text-slate-900">{label}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs ${STATE_STYLE[state]}`}>{STATE_TEXT[state]}</span>
              </div>
              {detail ? <p className="mt-0.5 break-words text-xs text-slate-500">{detail}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
