// The fields an operator sets on a source, shared by the add form and a source's edit panel: platform (自动识别
// or one of PLATFORMS), poll interval (presets, and the source's own value when it is none of them) and items
// per poll. The item limits come from the server page (lib/ingest/feed-common.ts is not for the browser).
import { PLATFORMS } from "@/lib/articles/platforms";
import { formatInterval } from "@/lib/ingest/schedule";

export const fieldClass = "rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm";
const labelClass = "flex flex-col gap-1 text-xs text-slate-500";

const INTERVALS: [seconds: number, label: string][] = [
  [300, "5 分钟"],
  [900, "15 分钟"],
  [1800, "30 分钟"],
  [3600, "1 小时"],
  [7200, "2 小时"],
  [21600, "6 小时"],
  [43200, "12 小时"],
  [86400, "1 天"],
];

/** MAX_FEED_ITEMS and MAX_FEED_ITEMS_LIMIT, handed down by the server page. */
export type ItemLimits = { default: number; max: number };

type Props = { limits: ItemLimits; platform?: string | null; intervalSeconds?: number; maxItems?: number };

export function SourceFields({ limits, platform = null, intervalSeconds = 1800, maxItems = limits.default }: Props) {
  const intervals = INTERVALS.some(([s]) => s === intervalSeconds) ? INTERVALS : [...INTERVALS, [intervalSeconds, formatInterval(intervalSeconds)] as [number, string]];
  return (
    <>
      <label className={labelClass}>
        平台
        <select name="platform" defaultValue={platform ?? ""} className={fieldClass}>
          <option value="">自动识别</option>
          {PLATFORMS.map((p) => (
            <option key={p.key} value={p.key}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        抓取间隔
        <select name="interval" defaultValue={formatInterval(intervalSeconds)} className={fieldClass}>
          {intervals.map(([s, label]) => (
            <option key={s} value={formatInterval(s)}>
              每 {label}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        每次最多条数
        <input name="max_items" type="number" min={1} max={limits.max} step={1} required defaultValue={maxItems} className={`${fieldClass} w-28`} />
      </label>
    </>
  );
}

/** The settings of a submitted form, as the API takes them. */
export function settingsFrom(form: FormData) {
  return {
    platform: String(form.get("platform") ?? "") || null,
    interval: String(form.get("interval") ?? "30m"),
    max_items: Number(form.get("max_items")),
  };
}
