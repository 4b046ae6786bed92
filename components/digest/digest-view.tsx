// A digest as a page shows it: its day, who wrote it (the model, or the local engine's extracts — said plainly),
// its sections with their points, and under each point the articles it cites as links to their permalinks,
// 已读 beside those the reader has opened since.
import { Link } from "@/components/ui/link";
import { Bot, FileText } from "lucide-react";
import { shortDayLabel } from "@/lib/china-time";
import type { DigestView } from "@/lib/digest/service";

export function writtenByLine(d: Pick<DigestView, "written_by">): string {
  return d.written_by === "model" ? "由 AI 模型根据这些文章撰写，每条要点都链接到所依据的文章" : "由本地引擎摘录（未接入大语言模型）：每条要点都是所链接文章的原句";
}

export function DigestSections({ digest }: { digest: DigestView }) {
  const byId = new Map(digest.articles.map((a) => [a.id, a]));
  if (!digest.sections.length) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">这一天没有新收录的文章，明天再来看看</p>;
  }
  return (
    <div className="flex flex-col gap-4" data-testid="digest-sections">
      {digest.sections.map((s, i) => (
        <section key={i} aria-labelledby={`digest-section-${i}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id={`digest-section-${i}`} className="text-base font-semibold text-slate-900">
            {s.title}
          </h2>
          <ul className="mt-2 flex flex-col gap-3">
            {s.points.map((p, j) => (
              <li key={j} className="text-sm leading-relaxed text-slate-700">
                <p>{p.text}</p>
                {p.article_ids.map((id) => {
                  const a = byId.get(id);
                  if (!a) return null;
                  return (
                    <p key={id} className="mt-1">
                      <FileText className="mr-1 inline size-3.5 align-[-2px] text-slate-400" aria-hidden />
                      <Link href={a.url} className="text-brand-600 underline underline-offset-2" data-testid="digest-citation">
                        {a.title}
                      </Link>
                      {a.source_platform ? <span className="ml-1 text-xs whitespace-nowrap text-slate-500">· {a.source_platform}</span> : null}
                      {a.read ? <span className="ml-1 rounded bg-slate-100 px-1 text-xs whitespace-nowrap text-slate-600">已读</span> : null}
                    </p>
                  );
                })}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function DigestHeader({ digest, heading }: { digest: DigestView; heading: string }) {
  return (
    <header>
      <h1 className="text-xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-1 text-sm text-slate-500">
        <time dateTime={digest.date}>{shortDayLabel(digest.date)}</time>
        <span aria-hidden> · </span>
        <Bot className="mr-1 inline size-4 align-[-3px]" aria-hidden />
        <span data-testid="digest-written-by">{writtenByLine(digest)}</span>
      </p>
    </header>
  );
}
