// Request shapes of the console's feed sources API. Only the types are checked here; the rules (which URLs,
// platforms, intervals and item counts a source may have) are lib/ingest/sources.ts's, shared with
// `npm run feeds`, and answer 400 with their Chinese message.
import { parseInterval } from "@/lib/ingest/schedule";
import { z } from "@/lib/zod";

/** The OPML import's body cap: a list of a few thousand feeds. */
export const OPML_BODY_LIMIT = 1024 * 1024;

const INTERVAL_HINT = "抓取间隔需要 1 分钟到 1 天之间的时长，如 30m、2h、1d";

/** `interval` ("30m", "2h", "1d", or seconds as text) or `interval_seconds`, as seconds; undefined when neither. */
const intervalFields = {
  interval: z.string().max(20, INTERVAL_HINT).optional(),
  interval_seconds: z.number().int("interval_seconds 必须是整数").optional(),
};

function withInterval<T extends { interval?: string; interval_seconds?: number }>(body: T, ctx: z.RefinementCtx) {
  const { interval, interval_seconds, ...rest } = body;
  if (interval !== undefined && interval_seconds !== undefined) {
    ctx.addIssue({ code: "custom", message: "interval 与 interval_seconds 只能给一个" });
    return z.NEVER;
  }
  let intervalSeconds = interval_seconds;
  if (interval !== undefined) {
    const parsed = parseInterval(interval);
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: `${INTERVAL_HINT}（当前：${interval}）` });
      return z.NEVER;
    }
    intervalSeconds = parsed;
  }
  return { ...rest, intervalSeconds };
}

const platform = z.string().trim().max(50, "平台标识不能超过 50 个字符").nullable().optional();
const maxItems = z.number().int("max_items 必须是整数").optional();

/** POST /api/admin/sources */
export const addSourceBody = z
  .strictObject({
    url: z.string().trim().min(1, "请填写订阅源地址").max(2000, "订阅源地址不能超过 2000 个字符"),
    platform,
    max_items: maxItems,
    allow_private: z.boolean().optional(),
    ...intervalFields,
  })
  .transform(withInterval);

/** PATCH /api/admin/sources/{id}: the settings to change, at least one. */
export const editSourceBody = z
  .strictObject({
    platform,
    max_items: maxItems,
    enabled: z.boolean().optional(),
    allow_private: z.boolean().optional(),
    ...intervalFields,
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "请至少提供一项要修改的设置（interval、platform、enabled、max_items、allow_private）")
  .transform(withInterval);

/** POST /api/admin/sources/opml: the file's text, and the settings for entries that give none. */
export const importOpmlBody = z
  .strictObject({
    opml: z.string().min(1, "请提供 OPML 内容"),
    max_items: maxItems,
    allow_private: z.boolean().optional(),
    ...intervalFields,
  })
  .transform(withInterval);
