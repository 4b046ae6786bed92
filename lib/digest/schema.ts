// Parameters of the digest calls (`/api/v1/digest`, `/api/v1/daily`, `/api/v1/users/me/digest`).
import { z } from "@/lib/zod";
import { DAY_PATTERN } from "./constants";

const DAY_MESSAGE = "日期格式应为 YYYY-MM-DD，如 2026-11-29";

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not). */
export const day = z
  .string()
  .regex(DAY_PATTERN, DAY_MESSAGE)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, DAY_MESSAGE);

export const dayParams = z.object({ date: day });

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const digestSettingsBody = z
  .object(
    {
      enabled: z.boolean({ message: "enabled 必须是 true 或 false" }).optional(),
      time: z.string({ message: "time 必须是 HH:MM 形式的时间" }).regex(TIME, "time 必须是 00:00–23:59 之间的时间，如 07:30").optional(),
    },
    { message: "请求体必须是 JSON 对象" },
  )
  .refine((b) => b.enabled !== undefined || b.time !== undefined, "请至少提供 enabled 或 time");

/** "07:30" for 450 minutes, and back. */
export const timeOf = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
export const minuteOf = (time: string) => {
  const [, h, m] = TIME.exec(time)!;
  return Number(h) * 60 + Number(m);
};
