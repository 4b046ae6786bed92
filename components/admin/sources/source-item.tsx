// One feed source in the console's list: health, name and address, settings, what it collected, when it last
// succeeded and polls next, its last error in full (folded when long), and its actions.
import type { AdminSource } from "@/lib/admin/sources";
import { consoleMinute } from "@/lib/admin/console-time";
import { MAX_FEED_ITEMS, MAX_FEED_ITEMS_LIMIT } from "@/lib/ingest/feed-common";
import { HEALTH_LABELS, type SourceHealth } from "@/lib/ingest/sources";
import { SourceActions } from "./source-actions";

const HEALTH_STYLES: Record<SourceHealth, string> = {
  healthy: "bg-emerald-50 text-emerald-700",
  failing: "bg-amber-100 text-amber-800",
  unhealthy: "bg-red-50 text-red-700",
  new: "bg-brand-50 text-brand-700",
  disabled: "bg-slate-800 text-white",
};

export const ITEM_LIMITS = { default: MAX_FEED_ITEMS, max: MAX_FEED_ITEMS_LIMIT };

/** An error this long or with several lines is folded under its first line. */
const SHORT_ERROR_CHARS = 120;

/** "12 分钟后", "3 小时前", "刚刚" (as `npm run feeds -- list` writes it). */
export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "—";
  const minutes = Math.round((new Date(iso).getTime() - now) / 60_000);
  const abs = Math.abs(minutes);
  if (abs < 1) return "刚刚";
  const span = abs < 60 ? `${abs} 分钟` : abs < 48 * 60 ? `${Math.round(abs / 60)} 小时` : `${Math.round(abs / 1440)} 天`;
  return minutes >= 0 ? `${span}后` : `${span}前`;
}

function When({ label, iso, now }: { label: string; iso: string | null; now: number }) {
  return (
    <span>
      {label}{" "}
      {iso ? (
        <time dateTime={iso} title={consoleMinute(iso) ?? undefined}>
          {relativeTime(iso, now)}
        </time>
      ) : (
        "—"
      )}
    </span>
  );
}

export function SourceItem({ source: s, now }: { source: AdminSource; now: number }) {
  const name = s.title ?? s.url;
  const error = s.last_error;
  const long = error && (error.length > SHORT_ERROR_CHARS || error.includes("\n"));
  return (
    <li id={`source-${s.id}`} data-source-id={s.id} className="flex scroll-mt-4 flex-col gap-2 p-4 target:bg-brand-50/40">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-slate-500">#{s.id}</span>
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${HEALTH_STYLES[s.health]}`}>{HEALTH_LABELS[s.health]}</span>
        <span className="min-w-0 font-medium break-words text-slate-900">{s.title ?? "（未抓取）"}</span>
      </div>
      <a href={s.url} target="_blank" rel="noopener noreferrer" className="text-xs break-all text-brand-600 hover:underline">
        {s.url}
      </a>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>{s.platform_name ?? (s.platform ? s.platform : "自动识别")}</span>
        <span>每 {s.interval} 抓取</span>
        <span>每次最多 {s.max_items} 条</span>
        {s.allow_private ? <span>允许内网</span> : null}
        <span>已收集 {s.article_count} 篇</span>
        {s.last_success_at ? <span>上次新增 {s.last_added} 篇</span> : null}
      </p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
        <When label="上次成功" iso={s.last_success_at} now={now} />
        <When label="上次抓取" iso={s.last_fetched_at} now={now} />
        {s.enabled ? <When label="下次抓取" iso={s.next_poll_at} now={now} /> : <span>已暂停，不再定时抓取</span>}
      </p>
      {error ? (
        <div className="rounded-lg bg-red-50 p-2 text-xs text-red-800">
          {long ? (
            <details>
              <summary className="cursor-pointer break-all">
                连续失败 {s.error_count} 次：{error.split("\n")[0].slice(0, SHORT_ERROR_CHARS)}…（展开全文）
              </summary>
              <pre className="mt-1 font-sans break-all whitespace-pre-wrap">{error}</pre>
            </details>
          ) : (
            <p className="break-all whitespace-pre-wrap">
              连续失败 {s.error_count} 次：{error}
            </p>
          )}
        </div>
      ) : null}
      <SourceActions
        limits={ITEM_LIMITS}
        source={{ id: s.id, name, enabled: s.enabled, platform: s.platform, intervalSeconds: s.interval_seconds, maxItems: s.max_items, articleCount: s.article_count }}
      />
    </li>
  );
}
