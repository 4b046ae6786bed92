"use client";
// The finished summary: title, elapsed time, the markdown (cited times linked to the video at that time), the
// transcript of media (collapsed), and add-to-list, share, export (.md, and .srt for a transcript), re-summarise.
import { lazy, Suspense, useState } from "react";
import { shareLink } from "@/lib/client/share";
import { toast } from "@/lib/client/toast";
import { Captions, Check, Clock, Download, ListPlus, RotateCcw, Share2 } from "lucide-react";
import { getToken } from "@/lib/client/session";
import { createArticleFromTask, type SummaryTaskStatus } from "@/lib/client/summary-api";
import { MSG } from "@/lib/messages";
import { formatClock, linkAt, linkTimestamps, toMarkdownFile, toSrt } from "@/lib/summary/timestamps";

// react-markdown and highlight.js load with the first result, not with the page.
const ArticleMarkdown = lazy(() => import("@/components/article/markdown").then((m) => ({ default: m.ArticleMarkdown })));

export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Elapsed time of a task: completed_at − created_at, else since it was created (`now` from a ticking clock). */
export function elapsedOf(task: Pick<SummaryTaskStatus, "created_at" | "completed_at">, now: number | null): string {
  const start = task.created_at ? Date.parse(task.created_at) : NaN;
  if (Number.isNaN(start)) return "00:00";
  const end = task.completed_at ? Date.parse(task.completed_at) : now;
  return end === null || Number.isNaN(end) ? "00:00" : formatElapsed(end - start);
}

function fileName(title: string, ext: "md" | "srt"): string {
  return `${title.replace(/[\\/:*?"<>|\n\r]+/g, " ").trim().slice(0, 80) || "总结"}.${ext}`;
}

function download(text: string, type: string, name: string) {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}


type Props = { task: SummaryTaskStatus; demo: boolean; onResummarize: () => void };

export function SummaryResult({ task, demo, onResummarize }: Props) {
  const result = task.result!;
  const title = result.title?.trim() || "总结结果";
  const content = result.content || result.summary || "";
  const source = result.source_url || task.url;
  const transcript = result.transcript ?? [];
  const hours = transcript.some((line) => line.start >= 3600);
  const [addedFor, setAddedFor] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const added = addedFor === task.task_id || Boolean(result.article_id);

  function addToList() {
    if (!getToken()) {
      toast.error(MSG.loginRequired);
      return;
    }
    setAdding(true);
    createArticleFromTask(task.task_id)
      .then(
        (answer) => {
          setAddedFor(task.task_id);
          toast.success(answer.already_exists ? "文章已存在于列表中" : "已成功加入文章列表");
        },
        () => toast.error("添加失败，请重试"),
      )
      .finally(() => setAdding(false));
  }

  function share() {
    const url = result.source_url || task.url;
    return shareLink({ title, text: title, url, copy: `${title}\n${url}` });
  }


  function exportMarkdown() {
    download(toMarkdownFile({ title, content, sourceUrl: source, transcript }), "text/markdown;charset=utf-8", fileName(title, "md"));
  }

  function exportSrt() {
    download(toSrt(transcript), "application/x-subrip;charset=utf-8", fileName(title, "srt"));
  }

  const button = "inline-flex items-center justify-center gap-1.5 rounded-full border px-3 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-60";
  return (
    <section aria-label="总结结果" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 data-testid="summary-title" className="min-w-0 flex-1 break-words text-lg font-semibold text-slate-900">{title}</h2>
        <span className="inline-flex items-center gap-1 text-xs tabular-nums text-slate-500" title="用时">
          <Clock className="size-3.5" aria-hidden />
          用时 {elapsedOf(task, null)}
        </span>
      </header>
      {result.reused ? <p className="mt-1 text-xs text-slate-500">已复用此前完成的总结</p> : null}
      <Suspense fallback={<p className="mt-4 text-sm leading-relaxed whitespace-pre-wrap text-slate-800">{content}</p>}>
        <ArticleMarkdown text={linkTimestamps(content, source)} untrusted className="mt-4 text-sm leading-relaxed text-slate-800" />
      </Suspense>
      {transcript.length ? (
        <details className="mt-4 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <summary className="cursor-pointer select-none font-medium text-slate-800">完整转写稿（{transcript.length} 段）</summary>
          <ol className="mt-2 max-h-96 space-y-1 overflow-y-auto">
            {transcript.map((line, i) => {
              const at = formatClock(line.start, hours);
              const href = linkAt(source, Math.floor(line.start));
              return (
                <li key={i} className="flex gap-2">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer" className="shrink-0 tabular-nums text-brand-600 hover:underline">
                      {at}
                    </a>
                  ) : (
                    <span className="shrink-0 tabular-nums text-slate-500">{at}</span>
                  )}
                  <span>{line.text}</span>
                </li>
              );
            })}
          </ol>
        </details>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <button
          type="button"
          onClick={addToList}
          disabled={demo || added || adding}
          title={demo ? "演示结果不能加入文章列表" : undefined}
          className={`${button} ${added ? "border-emerald-200 bg-emerald-50 text-emerald-700" : "border-brand-500 bg-brand-500 text-white hover:bg-brand-600"}`}
        >
          {added ? <Check className="size-4" aria-hidden /> : <ListPlus className="size-4" aria-hidden />}
          {added ? "已添加" : adding ? "添加中…" : "加入文章列表"}
        </button>
        <button type="button" onClick={share} className={`${button} border-slate-300 text-slate-700 hover:bg-slate-50`}>
          <Share2 className="size-4" aria-hidden />
          分享
        </button>
        <button type="button" onClick={exportMarkdown} className={`${button} border-slate-300 text-slate-700 hover:bg-slate-50`}>
          <Download className="size-4" aria-hidden />
          导出 Markdown
        </button>
        {transcript.length ? (
          <button type="button" onClick={exportSrt} className={`${button} border-slate-300 text-slate-700 hover:bg-slate-50`}>
            <Captions className="size-4" aria-hidden />
            导出字幕 SRT
          </button>
        ) : null}
        <button type="button" onClick={onResummarize} className={`${button} border-slate-300 text-slate-700 hover:bg-slate-50`}>
          <RotateCcw className="size-4" aria-hidden />
          重新总结
        </button>
      </div>
    </section>
  );
}
