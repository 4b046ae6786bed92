import "server-only";
// Chat completions from the configured model (AI_CHAT_MODEL) through the one OpenAI-compatible client:
// streamed as reasoning and content events, or whole. Reasoning comes as `delta.reasoning_content`
// (DeepSeek, Qwen, SiliconFlow) or `delta.reasoning` (vLLM, Ollama, OpenRouter). A stream that goes quiet
// for longer than the idle timeout is aborted. Cancellation follows the caller's AbortSignal.
import { observeProvider, timeProvider } from "@/lib/metrics";
import type OpenAI from "openai";
import { getConfig } from "@/lib/config";
import { aiClient } from "./client";

export type ChatRole = "system" | "user" | "assistant";
export type ChatTurn = { role: ChatRole; content: string };
export type ChatEvent = { type: "reasoning" | "content"; content: string };

/** The chat model when one is configured (a key and AI_CHAT_MODEL), else null: the local engine answers. */
export function chatModel(): string | null {
  const c = getConfig();
  return c.OPENAI_API_KEY && c.AI_CHAT_MODEL ? c.AI_CHAT_MODEL : null;
}

export class ChatTimeoutError extends Error {
  constructor() {
    super("模型长时间没有响应");
    this.name = "ChatTimeoutError";
  }
}

type Delta = { content?: string | null; reasoning_content?: string | null; reasoning?: string | null };

function requireModel(): { client: OpenAI; model: string } {
  const client = aiClient();
  const model = chatModel();
  if (!client || !model) throw new Error("未配置对话模型（AI_CHAT_MODEL）");
  return { client, model };
}

/** Streams the model's answer. `idleMs`: longest silence before the first and between later chunks. */
export async function* streamChat({
  messages,
  signal,
  idleMs = 60_000,
  temperature,
}: {
  messages: ChatTurn[];
  signal?: AbortSignal;
  idleMs?: number;
  temperature?: number;
}): AsyncGenerator<ChatEvent> {
  const { client, model } = requireModel();
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener("abort", abort, { once: true });
  if (signal?.aborted) abort(); // gone before we started: the SDK then sends nothing
  let timedOut = false;
  let outcome: "ok" | "error" = "error";
  const started = performance.now();
  let timer = setTimeout(() => ((timedOut = true), abort()), idleMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => ((timedOut = true), abort()), idleMs);
  };
  try {
    const stream = await client.chat.completions.create(
      { model, messages, stream: true, ...(temperature !== undefined && { temperature }) },
      { signal: controller.signal, timeout: idleMs },
    );
    touch();
    for await (const chunk of stream) {
      touch();
      const delta = (chunk.choices?.[0]?.delta ?? {}) as Delta;
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (reasoning) yield { type: "reasoning", content: reasoning };
      if (delta.content) yield { type: "content", content: delta.content };
    }
    // An aborted stream may simply end: a silence we cut off is still a failure.
    if (timedOut) throw new ChatTimeoutError();
    outcome = "ok";
  } catch (err) {
    if (timedOut) throw new ChatTimeoutError();
    throw err;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
    observeProvider("chat", outcome, (performance.now() - started) / 1000);
  }
}

/** The whole answer at once (summaries and other non-interactive uses). */
export async function completeChat({ messages, signal, temperature }: { messages: ChatTurn[]; signal?: AbortSignal; temperature?: number }): Promise<string> {
  const { client, model } = requireModel();
  const res = await timeProvider("summary", () => client.chat.completions.create({ model, messages, ...(temperature !== undefined && { temperature }) }, { signal }));
  return res.choices?.[0]?.message?.content ?? "";
}

/** A short Chinese description of a provider failure for the reader (no keys, no stack traces). */
export function describeAiError(err: unknown): string {
  if (err instanceof ChatTimeoutError) return err.message;
  const e = err as { status?: number; name?: string; message?: string };
  if (e?.name === "AbortError" || e?.name === "APIUserAbortError") return "请求已取消";
  if (e?.name === "APIConnectionTimeoutError") return "模型长时间没有响应";
  if (e?.name === "APIConnectionError") return "无法连接模型服务";
  if (e?.status === 401 || e?.status === 403) return "模型服务拒绝了访问，请检查密钥配置";
  if (e?.status === 429) return "模型服务繁忙，请稍后再试";
  if (e?.status && e.status >= 500) return `模型服务出错（${e.status}）`;
  if (e?.status) return `模型服务拒绝了请求（${e.status}）`;
  if (/terminated|ECONNRESET|socket|aborted/i.test(e?.message ?? "")) return "与模型服务的连接中断";
  return "模型服务出错";
}
