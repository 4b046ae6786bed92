// The platform icon of a summary history item (SPEC section 2): one lucide icon and tint per host category.
import { Clapperboard, Globe, MessageCircle, MessageCircleQuestion, NotebookPen, Podcast, Radio, Tv, type LucideIcon } from "lucide-react";
import { hostCategory, type HostCategory } from "@/lib/summary/history-view";

const ICONS: Record<HostCategory, { icon: LucideIcon; label: string; tint: string }> = {
  video: { icon: Tv, label: "视频", tint: "bg-sky-50 text-sky-600" },
  "short-video": { icon: Clapperboard, label: "短视频", tint: "bg-fuchsia-50 text-fuchsia-600" },
  notes: { icon: NotebookPen, label: "笔记", tint: "bg-rose-50 text-rose-500" },
  messaging: { icon: MessageCircle, label: "公众号", tint: "bg-emerald-50 text-emerald-600" },
  qa: { icon: MessageCircleQuestion, label: "问答", tint: "bg-blue-50 text-blue-600" },
  streaming: { icon: Radio, label: "直播", tint: "bg-orange-50 text-orange-500" },
  podcast: { icon: Podcast, label: "播客", tint: "bg-violet-50 text-violet-600" },
  default: { icon: Globe, label: "网页", tint: "bg-slate-100 text-slate-500" },
};

export type HistoryPlatformIconProps = { url: string };

export function HistoryPlatformIcon({ url }: HistoryPlatformIconProps) {
  const category = hostCategory(url);
  const { icon: Icon, label, tint } = ICONS[category];
  return (
    <span
      className={`flex size-10 shrink-0 items-center justify-center rounded-xl sm:size-11 ${tint}`}
      title={label}
      data-category={category}
      data-testid="summary-history-platform"
    >
      <Icon className="size-5" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
