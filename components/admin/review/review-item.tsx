// One reader's article in the 待审核 queue: what it says, where it comes from, who asked and how it was summarised.
import type { ReviewRow } from "@/lib/admin/review";
import { consoleMinute } from "@/lib/admin/console-time";
import { METHOD_NAMES } from "@/lib/summary/constants";
import { ReviewActions } from "./review-actions";

export function ReviewItem({ article: a }: { article: ReviewRow }) {
  return (
    <li data-article-id={a.id} className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-slate-500">#{a.id}</span>
        <span className="min-w-0 font-medium break-words text-slate-900">{a.title}</span>
      </div>
      {a.preview ? <p className="line-clamp-3 text-sm text-slate-600">{a.preview}</p> : null}
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>
          提交者：{a.author ? `${a.author.display_name ? `${a.author.display_name}（${a.author.account_name}）` : a.author.account_name}` : "账号已删除"}
        </span>
        {a.method ? <span>{METHOD_NAMES[a.method as keyof typeof METHOD_NAMES] ?? a.method}</span> : null}
        <span>提交于 {consoleMinute(a.created_at)}</span>
        <a href={a.source_url} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-600 hover:underline">
          {a.host}
        </a>
      </p>
      <ReviewActions id={a.id} />
    </li>
  );
}
