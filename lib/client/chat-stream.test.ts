import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "@/lib/messages";
import {
  CHAT_MAX_HISTORY_CHARS,
  ChatEventParser,
  ChatHttpError,
  chatFailureText,
  chatHistory,
  readChatEvents,
  streamChat,
  type ChatStreamEvent,
} from "./chat-stream";

const encoder = new TextEncoder();

function bodyOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === "string" ? encoder.encode(c) : c);
      controller.close();
    },
  });
}

async function collect(chunks: (string | Uint8Array)[]): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const e of readChatEvents(bodyOf(chunks))) events.push(e);
  return events;
}

const sse = (type: string, content: string) => `data: ${JSON.stringify({ type, content })}\n\n`;

describe("chat stream parser", () => {
  it("reads reasoning, content and error events", async () => {
    const events = await collect([sse("reasoning", "想一想"), sse("content", "你好"), sse("error", "模型服务出错")]);
    expect(events).toEqual([
      { type: "reasoning", content: "想一想" },
      { type: "content", content: "你好" },
      { type: "error", content: "模型服务出错" },
    ]);
  });

  it("joins events split anywhere across chunks, byte by byte", async () => {
    const whole = sse("reasoning", "先检索文章") + sse("content", "## 标题\n\n- 第一点\n- 第二点 😀");
    const bytes = encoder.encode(whole);
    const chunks = [...bytes].map((b) => new Uint8Array([b]));
    expect(await collect(chunks)).toEqual([
      { type: "reasoning", content: "先检索文章" },
      { type: "content", content: "## 标题\n\n- 第一点\n- 第二点 😀" },
    ]);
  });

  it("keeps a multi-byte character split between two chunks whole", async () => {
    const bytes = encoder.encode(sse("content", "拾阅"));
    const cut = bytes.indexOf(0xe6) + 1; // inside the three bytes of 拾
    const events = await collect([bytes.slice(0, cut), bytes.slice(cut)]);
    expect(events).toEqual([{ type: "content", content: "拾阅" }]);
    expect(events[0].content).not.toContain("\ufffd");
  });

  it("ignores heartbeats and fields other than data", async () => {
    const events = await collect([": ping\n\n", "event: message\nid: 1\nretry: 1000\n", `data: {"type":"content","content":"A"}\n\n`, ":\n\n"]);
    expect(events).toEqual([{ type: "content", content: "A" }]);
  });

  it("treats data that is not our JSON as plain content", async () => {
    const events = await collect(["data: 纯文本回答\n\n", "data: 123\n\n", 'data: {"foo":1}\n\n', "data:no-space\n\n", "data: {broken\n\n"]);
    expect(events).toEqual([
      { type: "content", content: "纯文本回答" },
      { type: "content", content: "123" },
      { type: "content", content: '{"foo":1}' },
      { type: "content", content: "no-space" },
      { type: "content", content: "{broken" },
    ]);
  });

  it("joins multi-line data, accepts CRLF and CR line ends, and flushes an unterminated last event", async () => {
    expect(await collect(["data: 第一行\r\ndata: 第二行\r", "\n\r\n", "data: x\r\rdata: 最后"])).toEqual([
      { type: "content", content: "第一行\n第二行" },
      { type: "content", content: "x" },
      { type: "content", content: "最后" },
    ]);
  });

  it("skips empty data and never prints a [DONE] that was not sent", async () => {
    const parser = new ChatEventParser();
    expect(parser.push("data:\n\n")).toEqual([]);
    expect(parser.push('data: {"type":"content","content":""}\n')).toEqual([]);
    expect(parser.end()).toEqual([{ type: "content", content: "" }]);
  });
});

describe("chat call", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the question, history and token, and streams the reply", async () => {
    const fetchMock = vi.fn(async () => new Response(bodyOf([sse("content", "答")]), { status: 200, headers: { "Content-Type": "text/event-stream" } }));
    vi.stubGlobal("fetch", fetchMock);
    const events: ChatStreamEvent[] = [];
    for await (const e of streamChat({ message: "问", history: [{ role: "user", content: "前" }], token: "t0k" })) events.push(e);
    expect(events).toEqual([{ type: "content", content: "答" }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/chat");
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer t0k");
    expect(JSON.parse(String(init.body))).toEqual({ message: "问", history: [{ role: "user", content: "前" }] });
  });

  it("sends no Authorization header for a visitor", async () => {
    const fetchMock = vi.fn(async () => new Response(bodyOf([]), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    for await (const e of streamChat({ message: "问", history: [], token: null })) void e;
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("throws the status and detail of a refusal, and words the failure as the spec says", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ detail: "提问太频繁了，请稍后再试" }), { status: 429, headers: { "Retry-After": "30" } }));
    const err = await (async () => {
      try {
        for await (const e of streamChat({ message: "问", history: [] })) void e;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ChatHttpError);
    expect((err as ChatHttpError).status).toBe(429);
    expect(chatFailureText(err)).toBe(`${MSG.chatErrorPrefix}提问太频繁了，请稍后再试`);
    expect(chatFailureText(new ChatHttpError(500, null))).toBe(MSG.chatFailed);
    expect(chatFailureText(new ChatHttpError(400, "请输入问题"))).toBe(MSG.chatFailed);
    expect(chatFailureText(new TypeError("Failed to fetch"))).toBe(MSG.chatFailed);
  });
});

describe("chat history", () => {
  it("keeps the last 20 turns' contents, without failed or empty replies, within the size limit", () => {
    const turns = Array.from({ length: 30 }, (_, i) => ({ role: (i % 2 ? "assistant" : "user") as "user" | "assistant", content: `第 ${i} 条` }));
    const history = chatHistory(turns);
    expect(history).toHaveLength(20);
    expect(history[0]).toEqual({ role: "user", content: "第 10 条" });
    expect(history.at(-1)).toEqual({ role: "assistant", content: "第 29 条" });

    expect(
      chatHistory([
        { role: "user", content: "问" },
        { role: "assistant", content: MSG.chatFailed, failed: true },
        { role: "assistant", content: "  " },
        { role: "assistant", content: "长".repeat(CHAT_MAX_HISTORY_CHARS + 5) },
      ]),
    ).toEqual([
      { role: "user", content: "问" },
      { role: "assistant", content: "长".repeat(CHAT_MAX_HISTORY_CHARS) },
    ]);
  });
});
