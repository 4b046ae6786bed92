import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { chatModel, completeChat, streamChat } from "./chat";
import { transcribe, transcribeModel } from "./transcribe";

let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  Object.assign(process.env, { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_TRANSCRIBE_MODEL: "fake-whisper" });
  resetConfig();
});

afterAll(async () => {
  for (const k of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "AI_CHAT_MODEL", "AI_TRANSCRIBE_MODEL"]) delete process.env[k];
  resetConfig();
  await fake.close();
});

const collect = async (gen: AsyncIterable<{ type: string; content: string }>) => {
  const out: { type: string; content: string }[] = [];
  for await (const e of gen) out.push(e);
  return out;
};

describe("the OpenAI-compatible provider", () => {
  it("is configured by the environment, and absent without a key", () => {
    expect(chatModel()).toBe("fake-chat");
    expect(transcribeModel()).toBe("fake-whisper");
    delete process.env.OPENAI_API_KEY;
    resetConfig();
    expect(chatModel()).toBeNull();
    process.env.OPENAI_API_KEY = "test-key";
    resetConfig();
  });

  it.each(["reasoning_content", "reasoning"] as const)("streams reasoning sent as delta.%s, then content", async (key) => {
    fake.chat(() => ({ reasoningKey: key, chunks: [{ reasoning: "甲" }, { content: "乙" }] }));
    expect(await collect(streamChat({ messages: [{ role: "user", content: "问" }] }))).toEqual([
      { type: "reasoning", content: "甲" },
      { type: "content", content: "乙" },
    ]);
  });

  it("answers whole without streaming", async () => {
    fake.chat(() => ({ chunks: [{ content: "完整" }, { content: "回答" }] }));
    expect(await completeChat({ messages: [{ role: "user", content: "问" }] })).toBe("完整回答");
    const last = fake.requests.at(-1)!;
    expect(last.body).toMatchObject({ model: "fake-chat", messages: [{ role: "user", content: "问" }] });
    expect(last.body.stream).toBeFalsy();
  });

  it("retries a 429 and then succeeds", async () => {
    fake.chat(() => ({ chunks: [{ content: "好了" }] }));
    fake.fail(1, 429);
    const before = fake.requests.length;
    expect(await completeChat({ messages: [{ role: "user", content: "问" }] })).toBe("好了");
    expect(fake.requests.length - before).toBe(2);
  });

  it("stops the provider request when the caller aborts", async () => {
    fake.chat(() => ({ chunks: [{ content: "一" }, { content: "二" }, { content: "三" }], delayMs: 300 }));
    const controller = new AbortController();
    const got: string[] = [];
    const run = (async () => {
      for await (const e of streamChat({ messages: [{ role: "user", content: "问" }], signal: controller.signal })) {
        got.push(e.content);
        controller.abort();
      }
    })();
    await run.catch(() => {});
    expect(got).toEqual(["一"]);
  });

  it("never sends a request for a caller that has already gone (a reader who closed the page before the answer started)", async () => {
    fake.chat(() => ({ chunks: [{ content: "不该发出" }] }));
    const before = fake.requests.length;
    const gone = AbortSignal.abort();
    await expect(collect(streamChat({ messages: [{ role: "user", content: "问" }], signal: gone }))).rejects.toThrow(/aborted/);
    expect(fake.requests.length).toBe(before);
  });

  it("transcribes audio with the configured model", async () => {
    const text = await transcribe({ audio: Buffer.from("RIFF....WAVEfmt "), name: "clip.wav" });
    expect(text).toBe("转写：fake-whisper，" + String(fake.requests.at(-1)!.body.bytes) + " 字节");
  });
});
