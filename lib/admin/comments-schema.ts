// Request shapes of the console's 评论 section (queues, removal, 禁言, the word list).
import { z } from "@/lib/zod";
import { adminPageQuery } from "./schema";

export const COMMENT_QUEUES = ["pending", "reported", "removed"] as const;

export const commentQueueQuery = adminPageQuery.extend({
  queue: z.enum(COMMENT_QUEUES, { message: "queue 只能是 pending、reported 或 removed" }).default("pending"),
});
export type CommentQueueQuery = z.output<typeof commentQueueQuery>;

const text = (name: string, max: number) =>
  z
    .string({ message: `${name}必须是文字` })
    .transform((s) => s.replace(/\0/g, "").trim())
    .pipe(z.string().min(1, `请填写${name}`).max(max, `${name}最多 ${max} 字`));

/** The reason its author is told (消息 and the thread). */
export const removeBody = z.object({ reason: text("删除理由", 200) }, { message: "请求体必须是 JSON 对象" });

/** 禁言: how many hours (1 hour to a year) and why. */
export const muteBody = z.object(
  {
    hours: z.number({ message: "hours 必须是 1 到 8760 之间的整数" }).int("hours 必须是 1 到 8760 之间的整数").min(1, "hours 必须是 1 到 8760 之间的整数").max(8760, "hours 必须是 1 到 8760 之间的整数"),
    reason: text("禁言理由", 200),
  },
  { message: "请求体必须是 JSON 对象" },
);

export const wordBody = z.object({ word: text("敏感词", 50) }, { message: "请求体必须是 JSON 对象" });
export const wordQuery = z.object({ word: text("敏感词", 50) });
