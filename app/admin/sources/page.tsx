import type { Metadata } from "next";
import { AnnounceStatus } from "@/components/admin/announce-status";
import { AddSourceForm } from "@/components/admin/sources/add-source-form";
import { OpmlTools } from "@/components/admin/sources/opml-tools";
import { ITEM_LIMITS, SourceItem } from "@/components/admin/sources/source-item";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { listConsoleSources } from "@/lib/admin/sources";
import { announceStatus } from "@/lib/announce";
import { getDb } from "@/lib/db";
import { HEALTH_LABELS, type SourceHealth } from "@/lib/ingest/sources";

export const metadata: Metadata = { title: "订阅源" };

const SUMMARY_ORDER: SourceHealth[] = ["healthy", "failing", "unhealthy", "new", "disabled"];

/** The sources, the search-engine announcing, and the moment they were read (relative times are measured from it). */
async function readSources() {
  const db = await getDb();
  const [sources, announcing] = await Promise.all([listConsoleSources({ db }), announceStatus({ db })]);
  return { sources, announcing, now: Date.now() };
}

export default async function AdminSourcesPage() {
  await requireAdminPage();
  const { sources, announcing, now } = await readSources();
  const counts = SUMMARY_ORDER.map((h) => [h, sources.filter((s) => s.health === h).length] as const).filter(([, n]) => n > 0);
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">订阅源</h1>
          <p className="mt-1 text-sm text-slate-500">
            {sources.length
              ? `共 ${sources.length} 个：${counts.map(([h, n]) => `${HEALTH_LABELS[h]} ${n}`).join("，")}`
              : "与命令行 npm run feeds 管理的是同一份订阅源"}
          </p>
        </div>
        <OpmlTools />
      </div>
      <AddSourceForm limits={ITEM_LIMITS} />
      {sources.length ? (
        <ul aria-label="订阅源列表" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {sources.map((s) => (
            <SourceItem key={s.id} source={s} now={now} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-200 p-8 text-center text-sm text-slate-500">还没有订阅源。在上方添加一个，或导入 OPML 文件。</p>
      )}
      <AnnounceStatus status={announcing} now={now} />
    </section>
  );
}
