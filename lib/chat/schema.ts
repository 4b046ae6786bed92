// The chat request (SPEC section 7; limits from the chat issue).
import { z } from "@/lib/zod";

export const MAX_MESSAGE_CHARS = 4000;
export const MAX_HISTORY_ITEMS = 20;
export const MAX_HISTORY_CHARS = 8000;
/**
 * Body cap of the chat call: the largest valid request with every character three UTF-8 bytes (Chinese),
 * plus room for the JSON around it (≈ 500 KB; the client sends up to 20 turns of 8,000 characters).
 */
export const CHAT_BODY_LIMIT = (MAX_MESSAGE_CHARS + MAX_HISTORY_ITEMS * MAX_HISTORY_CHARS) * 3 + 16 * 1024;

export const chatBody = z.object({
  message: z
    .string({ message: "message 必须是字符串" })
    .transform((s) => s.replace(/\0/g, "").trim())
    .pipe(z.string().min(1, "请输入问题").max(MAX_MESSAGE_CHARS, `问题不能超过 ${MAX_MESSAGE_CHARS} 个字符`)),
  history: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"], { message: "history 的 role 只能是 user 或 assistant" }),
        content: z.string({ message: "history 的 content 必须是字符串" }).max(MAX_HISTORY_CHARS, `每条历史消息不能超过 ${MAX_HISTORY_CHARS} 个字符`),
      }),
      { message: "history 必须是数组" },
    )
    .max(MAX_HISTORY_ITEMS, `history 最多 ${MAX_HISTORY_ITEMS} 条`)
    .default([]),
});
export type ChatBody = z.output<typeof chatBody>;
