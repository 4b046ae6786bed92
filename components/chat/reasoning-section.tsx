"use client";

import { Brain, CheckCircle2, ChevronDown, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

export const REASONING_AUTO_COLLAPSE_MS = 1000;

/**
 * The model's reasoning: open with a 思考中 badge while it streams; 已完成 once the answer starts or the
 * reply ends, and then it collapses by itself after 1 s (SPEC section 9). The reader can reopen it.
 * Nothing is shown when there is no reasoning.
 */
export function ReasoningSection({ reasoning, finished }: { reasoning: string; finished: boolean }) {
  const [open, setOpen] = useState(!finished);
  const touched = useRef(false);
  const id = useId();
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // While it streams, keep the newest reasoning in view inside its scroll box.
    if (!finished && body.current) body.current.scrollTop = body.current.scrollHeight;
  }, [reasoning, finished]);

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => {
      if (!touched.current) setOpen(false);
    }, REASONING_AUTO_COLLAPSE_MS);
    return () => clearTimeout(timer);
  }, [finished]);

  if (!reasoning) return null;
  return (
    <div className="mb-3 rounded-lg border border-slate-200 bg-slate-50" data-testid="reasoning" data-open={open}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          touched.current = true;
          setOpen((o) => !o);
        }}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-600 hover:bg-slate-100"
      >
        <Brain className="size-4 shrink-0 text-brand-500" aria-hidden />
        <span className="font-medium">思考过程</span>
        {finished ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700" data-testid="reasoning-badge">
            <CheckCircle2 className="size-3" aria-hidden />
            已完成
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-600" data-testid="reasoning-badge">
            <Loader2 className="size-3 animate-spin" aria-hidden />
            思考中
          </span>
        )}
        <ChevronDown className={`ml-auto size-4 shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
      </button>
      <div
        id={id}
        ref={body}
        hidden={!open}
        className="max-h-72 overflow-y-auto border-t border-slate-200 px-3 py-2 text-[13px] leading-6 whitespace-pre-wrap break-words text-slate-500"
      >
        {reasoning}
      </div>
    </div>
  );
}
