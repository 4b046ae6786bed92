"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "@/lib/client/toast";

/** A code block (the highlighted `<pre>` as children) with a 复制 button for its text. */
export function CodeBlock({ code, children }: { code: string; children: React.ReactNode }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("clipboard unavailable");
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success("已复制");
    } catch {
      toast.error("复制失败");
    }
  }

  return (
    <div className="relative" data-testid="code-block">
      {children}
      <button
        type="button"
        onClick={copy}
        aria-label="复制代码"
        className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-md bg-slate-700/80 px-2 py-1 text-xs text-slate-200 hover:bg-slate-600 dark:bg-slate-300/80 dark:text-slate-800 dark:hover:bg-slate-300 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
        {copied ? "已复制" : "复制"}
      </button>
    </div>
  );
}
