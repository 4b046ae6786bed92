// The chat call (SPEC section 7): POST /api/v1/chat answers text/event-stream, one
// `data: {"type":"reasoning"|"content"|"error","content":"…"}` event per blank-line-separated block;
// comment lines (`:` heartbeats) are ignored and data that is not such JSON is plain content. The
// stream simply ends (no [DONE]). Chunks may split lines and multi-byte characters anywhere.
import { MSG } from "@/lib/messages";

// The server's limits (lib/chat/schema.ts; repeated here so the browser bundle does not pull zod in).
export const CHAT_MAX_MESSAGE_CHARS = 4000;
export const CHAT_MAX_HISTORY_ITEMS = 20;
export const CHAT_MAX_HISTORY_CHARS = 8000;

export type ChatEventType = "reasoning" | "content" | "error";
export type ChatStreamEvent = { type: ChatEventType; content: string };
export type ChatHistoryItem = { role: "user" | "assistant"; content: string };

const TYPES = new Set<string>(["reasoning", "content", "error"]);

/** Reads one event's data: our JSON shape, else the text itself as content. */
export function eventFromData(data: string): ChatStreamEvent | null {
  if (!data) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (parsed && typeof parsed === "object") {
      const { type, content } = parsed as { type?: unknown; content?: unknown };
      if (typeof type === "string" && TYPES.has(type)) {
        return { type: type as ChatEventType, content: typeof content === "string" ? content : content == null ? "" : String(content) };
      }
    }
  } catch {
    /* not JSON: plain content */
  }
  return { type: "content", content: data };
}

/**
 * Incremental server-sent-events parser over decoded text: `push` returns the events completed by the
 * chunk, `end` whatever the stream left unterminated. Lines may end in \n, \r\n or \r.
 */
export class ChatEventParser {
  private buffer = "";
  private data: string[] = [];
  private pendingCR = false;

  push(text: string): ChatStreamEvent[] {
    const events: ChatStreamEvent[] = [];
    let chunk = text;
    // A \r at the end of the previous chunk already ended its line; a \n right after it belongs to it.
    if (this.pendingCR && chunk.startsWith("\n")) chunk = chunk.slice(1);
    this.pendingCR = false;
    this.buffer += chunk;
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      if (m[0] === "\r" && m.index === this.buffer.length - 1) this.pendingCR = true;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      this.line(line, events);
    }
    return events;
  }

  end(): ChatStreamEvent[] {
    const events: ChatStreamEvent[] = [];
    if (this.buffer) this.line(this.buffer, events);
    this.buffer = "";
    this.dispatch(events);
    return events;
  }

  private line(line: string, events: ChatStreamEvent[]) {
    if (line === "") return this.dispatch(events);
    if (line.startsWith(":")) return; // heartbeat / comment
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== "data") return; // event:, id:, retry: carry nothing we use
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    this.data.push(value);
  }

  private dispatch(events: ChatStreamEvent[]) {
    if (!this.data.length) return;
    const event = eventFromData(this.data.join("\n"));
    this.data = [];
    if (event) events.push(event);
  }
}

/** The events of a response body, decoded incrementally (a character split across chunks stays whole). */
export async function* readChatEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  const parser = new ChatEventParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    reader.releaseLock();
  }
}

/** A chat call the server refused before streaming (400, 429, 5xx…). */
export class ChatHttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `请求失败（${status}）`);
    this.name = "ChatHttpError";
  }
}

/** Posts a question and yields the reply's events. Throws ChatHttpError, or the fetch/abort error. */
export async function* streamChat({
  message,
  history,
  token,
  signal,
}: {
  message: string;
  history: ChatHistoryItem[];
  token?: string | null;
  signal?: AbortSignal;
}): AsyncGenerator<ChatStreamEvent> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch("/api/v1/chat", {
    method: "POST",
    headers,
    body: JSON.stringify({ message, history }),
    credentials: "include",
    signal,
  });
  if (!res.ok || !res.body) {
    let detail: string | null = null;
    try {
      const payload = (await res.json()) as { detail?: unknown };
      if (typeof payload?.detail === "string") detail = payload.detail;
    } catch {
      /* no JSON body */
    }
    throw new ChatHttpError(res.status, detail);
  }
  yield* readChatEvents(res.body);
}

/** The reply shown for a failed call (SPEC section 8); a rate limit says so after the error prefix. */
export function chatFailureText(err: unknown): string {
  if (err instanceof ChatHttpError && err.status === 429) return MSG.chatErrorPrefix + (err.detail ?? MSG.chatRateLimited);
  return MSG.chatFailed;
}

/** Whether an error is the abort of our own request (the stop button, leaving the page). */
export function isAbortError(err: unknown): boolean {
  return (err instanceof DOMException || err instanceof Error) && err.name === "AbortError";
}

/**
 * The history sent with a question: the previous turns' contents (no reasoning), without empty or
 * failed replies, each within the server's size limit, the last 20 at most.
 */
export function chatHistory(turns: { role: "user" | "assistant"; content: string; failed?: boolean }[]): ChatHistoryItem[] {
  return turns
    .filter((t) => !t.failed && t.content.trim())
    .map((t) => ({ role: t.role, content: t.content.slice(0, CHAT_MAX_HISTORY_CHARS) }))
    .slice(-CHAT_MAX_HISTORY_ITEMS);
}
