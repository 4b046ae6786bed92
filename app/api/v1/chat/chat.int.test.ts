import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { LOCAL_NOTICE } from "@/lib/chat/local-engine";
import { chatEvents, type StreamEvent } from "@/lib/chat/service";
import { chatBody } from "@/lib/chat/schema";
import { sseResponse } from "@/lib/chat/sse";
import { call } from "@/test/api";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { POST as chat } from "./route";

let fake: FakeOpenAI;
let ip = 0;
let hallucinationId = 0;

function useModel(on: boolean) {
  process.env.OPENAI_BASE_URL = fake.url;
  if (on) {
    process.env.OPENAI_API_KEY = "test-key";
    process.env.AI_CHAT_MODEL = "fake-chat";
  } else {
    delete process.env.OPENAI_API_KEY;
    delete process.env.AI_CHAT_MODEL;
  }
  resetConfig();
}

function events(text: string): StreamEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice(6)));
}

const ask = (json: unknown) => call(chat, "/api/v1/chat", { json, peer: `10.0.0.${++ip}` });
const chatRequests = () => fake.requests.filter((r) => r.path === "/v1/chat/completions");
const contentOf = (evs: StreamEvent[]) => evs.filter((e) => e.type === "content").map((e) => e.content).join("");

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const db = await getDb();
  await seedDemoArticles(db);
  [{ id: hallucinationId }] = await db.select({ id: articles.id }).from(articles).where(eq(articles.title, "大模型为什么会一本正经地胡说八道？"));
});

afterAll(async () => {
  useModel(false);
  await fake.close();
});

describe("POST /api/v1/chat with a model", () => {
  beforeAll(() => useModel(true));

  it("streams reasoning, then content, as text/event-stream without [DONE]", async () => {
    fake.chat(() => ({ chunks: [{ reasoning: "先想" }, { reasoning: "再想" }, { content: "答案" }, { content: "完毕" }] }));
    const res = await ask({ message: "大模型为什么会胡说八道", history: [] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    expect(res.headers.get("cache-control")).toContain("no-cache");
    expect(events(res.text)).toEqual([
      { type: "reasoning", content: "先想" },
      { type: "reasoning", content: "再想" },
      { type: "content", content: "答案" },
      { type: "content", content: "完毕" },
    ]);
    expect(res.text).not.toContain("[DONE]");
  });

  it("sends the model the retrieved articles as numbered context, the trimmed history and the question", async () => {
    fake.chat(null);
    const before = chatRequests().length;
    const history = [
      { role: "assistant" as const, content: "你好，我是助手" },
      ...Array.from({ length: 9 }, (_, i) => [
        { role: "user" as const, content: `旧问题${i}`.repeat(300) },
        { role: "assistant" as const, content: `旧回答${i}`.repeat(300) },
      ]).flat(),
    ].slice(0, 20);
    const res = await ask({ message: "大模型为什么会胡说八道", history });
    expect(contentOf(events(res.text))).toBe("收到：大模型为什么会胡说八道");
    const sent = chatRequests()[before].body.messages as { role: string; content: string }[];
    expect(sent[0].role).toBe("system");
    expect(sent[0].content).toContain(`[1] 大模型为什么会一本正经地胡说八道？`.slice(0, 4));
    expect(sent[0].content).toContain(`/articles/${hallucinationId}`);
    const turns = sent.slice(1);
    expect(turns[0].role).toBe("user");
    turns.forEach((t, i) => expect(t.role).toBe(i % 2 === 0 ? "user" : "assistant"));
    expect(turns.at(-1)).toEqual({ role: "user", content: "大模型为什么会胡说八道" });
    expect(turns.length).toBeLessThan(history.length);
    expect(turns.some((t) => t.content.startsWith("旧问题8"))).toBe(true);
    expect(turns.some((t) => t.content.startsWith("旧问题0"))).toBe(false);
  });

  it("keeps citations of articles in the context and unlinks the others, even split across chunks", async () => {
    fake.chat(() => ({
      chunks: [{ content: "详见[这篇](/arti" }, { content: `cles/${hallucinationId})，另见[编造的](/articles/9` }, { content: "99999)。" }],
    }));
    const res = await ask({ message: "大模型为什么会胡说八道", history: [] });
    expect(contentOf(events(res.text))).toBe(`详见[这篇](/articles/${hallucinationId})，另见编造的。`);
  });

  it("turns a provider 500 into one error event", async () => {
    fake.chat(() => ({ status: 500 }));
    const evs = events((await ask({ message: "大模型为什么会胡说八道", history: [] })).text);
    expect(evs).toEqual([{ type: "error", content: "模型服务出错（500）" }]);
  });

  it("turns a connection dropped mid-stream into one error event after what arrived", async () => {
    fake.chat(() => ({ chunks: [{ content: "前半句" }, { content: "后半句" }], disconnectAfter: 1 }));
    const evs = events((await ask({ message: "大模型为什么会胡说八道", history: [] })).text);
    expect(evs[0]).toEqual({ type: "content", content: "前半句" });
    expect(evs.filter((e) => e.type === "error")).toEqual([{ type: "error", content: "与模型服务的连接中断" }]);
    expect(evs.at(-1)?.type).toBe("error");
  });

  it("turns a provider gone silent into one timeout error event", async () => {
    fake.chat(() => ({ chunks: [{ content: "开头" }, { content: "不会来" }], hangAfter: 1 }));
    const evs: StreamEvent[] = [];
    const body = chatBody.parse({ message: "大模型为什么会胡说八道", history: [] });
    for await (const e of chatEvents({ db: await getDb(), body, idleMs: 300 })) evs.push(e);
    expect(evs).toEqual([
      { type: "content", content: "开头" },
      { type: "error", content: "模型长时间没有响应" },
    ]);
  });

  it.each([
    [{ message: "", history: [] }],
    [{ message: "   ", history: [] }],
    [{ message: "长".repeat(4001), history: [] }],
    [{ message: "问", history: Array.from({ length: 21 }, () => ({ role: "user", content: "x" })) }],
    [{ message: "问", history: [{ role: "system", content: "x" }] }],
    [{ message: "问", history: [{ role: "user", content: "长".repeat(8001) }] }],
    [{ message: 42 }],
  ])("rejects %j with 400 and a Chinese detail", async (body) => {
    const res = await ask(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
  });

  it("limits visitors per address with a 429 and Retry-After", async () => {
    fake.chat(null);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await call(chat, "/api/v1/chat", { json: { message: "你好", history: [] }, peer: "203.0.113.77" });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(last!.body.detail).toBe("提问太频繁了，请稍后再试");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("POST /api/v1/chat without a model (the local engine)", () => {
  beforeAll(() => useModel(false));

  it("answers from the feed, says it is local, and links the seeded article", async () => {
    const before = chatRequests().length;
    const res = await ask({ message: "大模型为什么会一本正经地胡说八道？", history: [] });
    expect(res.status).toBe(200);
    const text = contentOf(events(res.text));
    expect(text).toContain(LOCAL_NOTICE);
    expect(text).toContain(`](/articles/${hallucinationId})`);
    expect(text).toMatch(/> .+/);
    expect(chatRequests().length).toBe(before);
  });

  it("says honestly when nothing matches, and suggests articles people read", async () => {
    const text = contentOf(events((await ask({ message: "量子纠缠烤红薯", history: [] })).text));
    expect(text).toContain("站内暂时没有找到");
    expect(text).toMatch(/\]\(\/articles\/\d+\)/);
  });
});

describe("the event stream", () => {
  it("sends a heartbeat comment while the producer is quiet", async () => {
    // The producer stays quiet until the reader has seen a heartbeat, however long that takes.
    let heard!: () => void;
    const pinged = new Promise<void>((resolve) => (heard = resolve));
    const res = sseResponse(
      async function* () {
        await pinged;
        yield { type: "content", content: "迟到的回答" };
      },
      undefined,
      200,
    );
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      text += r.value;
      if (text.includes(": ping\n\n")) heard();
    }
    expect(text).toMatch(/^: ping\n\n/);
    expect(text.trim().endsWith('data: {"type":"content","content":"迟到的回答"}')).toBe(true);
  });

  it("aborts the producer when the client goes away", async () => {
    let aborted = false;
    const res = sseResponse(async function* (signal) {
      signal.addEventListener("abort", () => (aborted = true));
      yield { type: "content", content: "一" };
      if (!signal.aborted) await new Promise((r) => signal.addEventListener("abort", r, { once: true })); // quiet until the client leaves
      yield { type: "content", content: "二" };
    });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(aborted).toBe(true);
  });
});
