// The console's line on search-engine announcing (订阅源 page): per service whether it is on, what waits, and its
// last sends with their answers (lib/announce, read from the database, so every process's sends are there).
import { chinaDay } from "@/lib/china-time";
import { consoleMinute } from "@/lib/admin/console-time";
import type { AnnounceServiceStatus, AnnounceStatus as Status } from "@/lib/announce";

export type AnnounceStatusProps = { status: Status; now: number };

function summary(s: AnnounceServiceStatus, now: number, today: string): string {
  if (!s.configured) return `未开启（设置 ${s.setting} 后开启）`;
  const parts = [s.waiting ? `等待推送 ${s.waiting} 条` : "没有等待推送的文章"];
  if (s.paused_until && Date.parse(s.paused_until) > now) parts.push(`${consoleMinute(s.paused_until)} 后重试`);
  if (s.quota && s.quota.day === today) parts.push(s.quota.remain > 0 ? `今日还可推送 ${s.quota.remain} 条` : "今日配额已用完，明日继续");
  return parts.join(" · ");
}

export function AnnounceStatus({ status, now }: AnnounceStatusProps) {
  const today = chinaDay(new Date(now)); // the day Baidu's quota belongs to
  return (
    <section aria-labelledby="announce-heading" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 id="announce-heading" className="font-semibold text-slate-900">
        搜索引擎推送
      </h2>
      <p className="mt-0.5 text-xs text-slate-500">
        {status.site ? `新文章的链接（${status.site}/articles/…）每分钟成批推送` : "SITE_URL 未设置或指向本机：不推送"}
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {status.services.map((s) => (
          <li key={s.key} data-announce={s.key}>
            <p className="text-slate-800">
              <span className="font-medium">{s.label}</span>：{summary(s, now, today)}
            </p>
            {s.sends.length ? (
              <ol aria-label={`${s.label}的最近推送`} className="mt-1 flex flex-col gap-0.5 text-xs text-slate-600">
                {s.sends.map((send, i) => (
                  <li key={`${send.at}-${i}`}>
                    <time dateTime={send.at}>{consoleMinute(send.at)}</time> · {send.urls} 条 ·{" "}
                    <span className={send.ok ? "text-emerald-700" : "text-rose-700"}>{send.ok ? "成功" : "未成功"}</span>
                    {send.status ? `（${send.status}）` : ""}：{send.result}
                  </li>
                ))}
              </ol>
            ) : s.configured && status.site ? (
              <p className="mt-1 text-xs text-slate-500">还没有推送过</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
