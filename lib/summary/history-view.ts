// What the summary history screen shows about a task (SPEC sections 2, 3, 4, 9): the platform category of
// its link (which icon), the step it is on, its status label, its times and the page count. Pure functions,
// no React, so they are unit-tested on their own.
import type { StepKey, StepStatus } from "@/lib/db/schema";

export const HISTORY_PER_PAGE = 20;
/** SPEC section 9: pending and processing items are refreshed every 30 seconds. */
export const HISTORY_REFRESH_MS = 30_000;

export type TaskStatus = "pending" | "processing" | "completed" | "failed" | "cancelled";

export type HistoryStep = { status: StepStatus; message?: string | null };
export type HistorySteps = Partial<Record<StepKey, HistoryStep>>;

export type HistoryItem = {
  id: number;
  task_uuid?: string | null;
  /** SPEC section 3: either name may appear. */
  summary_task_id?: string | null;
  url: string;
  title: string | null;
  method: string;
  status: TaskStatus | string;
  steps: HistorySteps | null;
  created_at: string;
  completed_at: string | null;
  /** The media's length in seconds, when the summary was of a video or an episode. */
  duration?: number | null;
};

export type HistoryPage = {
  items: HistoryItem[];
  total: number;
  per_page: number;
  page: number;
  has_prev: boolean;
  has_next: boolean;
};

export const STATUS_LABELS: Record<TaskStatus, string> = {
  pending: "等待中",
  processing: "处理中",
  completed: "已完成",
  failed: "失败",
  cancelled: "已取消",
};

export const STEP_NAMES: Record<StepKey, string> = {
  fetch: "获取内容",
  process: "处理内容",
  transcribe: "语音转文字",
  summarize: "智能总结",
};

/** A media length: `m:ss`, or `h:mm:ss` from an hour. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as TaskStatus] ?? status;
}

export function isInProgress(status: string): boolean {
  return status === "pending" || status === "processing";
}

/** The task id of an item, whichever name the server used. */
export function taskIdOf(item: Pick<HistoryItem, "task_uuid" | "summary_task_id">): string {
  return item.task_uuid ?? item.summary_task_id ?? "";
}

export function progressHref(item: Pick<HistoryItem, "task_uuid" | "summary_task_id">): string {
  return `/summary-progress?task_id=${encodeURIComponent(taskIdOf(item))}&from_history=true`;
}

export type HostCategory = "video" | "short-video" | "notes" | "messaging" | "qa" | "streaming" | "podcast" | "default";

/**
 * Matchers in order (streaming before video, so live.bilibili.com is a live stream): a pattern with a dot
 * is a domain (the host itself or a subdomain), one without is a word anywhere in the host.
 */
const HOST_RULES: [HostCategory, string[]][] = [
  ["streaming", ["live.bilibili.com", "huya", "douyu", "twitch"]],
  ["podcast", ["xiaoyuzhoufm.com", "ximalaya.com", "podcasts.apple.com"]],
  ["short-video", ["douyin.com", "kuaishou", "tiktok"]],
  ["video", ["bilibili.com", "b23.tv", "youtube.com", "youtu.be", "youku", "iqiyi", "v.qq.com"]],
  ["notes", ["xiaohongshu.com", "xhslink.com"]],
  ["messaging", ["mp.weixin.qq.com", "weixin"]],
  ["qa", ["zhihu.com", "quora"]],
];

function hostMatches(host: string, pattern: string): boolean {
  if (!pattern.includes(".")) return host.includes(pattern);
  return host === pattern || host.endsWith(`.${pattern}`);
}

/** SPEC section 2: which kind of platform a link belongs to; anything unknown or unparsable is "default". */
export function hostCategory(url: string): HostCategory {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "default";
  }
  const host = parsed.hostname.toLowerCase();
  for (const [category, patterns] of HOST_RULES) if (patterns.some((p) => hostMatches(host, p))) return category;
  const path = parsed.pathname.toLowerCase();
  if (/\.(mp3|m4a)$/.test(path) || /(^|[./-])rss([./-]|$)/.test(`${host}${path}`)) return "podcast";
  return "default";
}

/** The host to show when the item has no title: lower-case, without "www.", or the link itself. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return url;
  }
}

/**
 * SPEC section 4: the first active step, else the step after the last completed one, else fetch. The steps
 * run fetch → process or transcribe → summarize; the middle one is whichever has left pending (process
 * when neither has).
 */
export function currentStep(steps: HistorySteps | null | undefined): StepKey {
  if (!steps) return "fetch";
  const started = (key: StepKey) => Boolean(steps[key]) && steps[key]?.status !== "pending";
  const middle: StepKey = !started("process") && started("transcribe") ? "transcribe" : "process";
  const order: StepKey[] = ["fetch", middle, "summarize"];
  const active = order.find((key) => steps[key]?.status === "active");
  if (active) return active;
  let last = -1;
  order.forEach((key, i) => {
    if (steps[key]?.status === "completed") last = i;
  });
  if (last < 0) return "fetch";
  return order[Math.min(last + 1, order.length - 1)];
}

/** A zh-CN month, day and 24-hour time such as "11月23日 14:05", in `timeZone` (the browser's by default). */
export function formatHistoryTime(iso: string | null | undefined, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat("en-US", { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${Number(part("month"))}月${Number(part("day"))}日 ${part("hour").padStart(2, "0")}:${part("minute").padStart(2, "0")}`;
}

/** SPEC section 2: "page X of Y" with Y the ceiling of total over the page size, at least 1. */
export function pageCount(total: number, perPage: number = HISTORY_PER_PAGE): number {
  if (!Number.isFinite(total) || total <= 0 || !perPage || perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/** A task status's badge colours (Tailwind classes), in the history and the console's 总结任务. */
export const BADGE_TONES: Record<string, string> = {
  pending: "bg-amber-50 text-amber-700 ring-amber-200",
  processing: "bg-brand-50 text-brand-700 ring-brand-100",
  completed: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  failed: "bg-red-50 text-red-600 ring-red-200",
  cancelled: "bg-slate-100 text-slate-500 ring-slate-200",
};
