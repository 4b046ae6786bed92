import type { Locator, Page } from "@playwright/test";

export type ChatEvent = { type: "reasoning" | "content" | "error"; content: string };
export type ChatRequest = { message: string; history: { role: string; content: string }[] };

/** A text/event-stream body as the server sends it. */
export const sseBody = (events: ChatEvent[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");

/** The AI assistant shown when a search finds nothing. */
export class ChatPage {
  readonly region: Locator;
  readonly log: Locator;
  readonly input: Locator;
  readonly send: Locator;
  readonly stop: Locator;
  readonly userMessages: Locator;
  readonly assistantMessages: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "AI 助手" });
    this.log = page.getByRole("log");
    this.input = page.getByRole("textbox", { name: "输入问题" });
    this.send = page.getByRole("button", { name: /发送/ });
    this.stop = page.getByRole("button", { name: "停止" });
    this.userMessages = page.getByTestId("user-message");
    this.assistantMessages = page.getByTestId("assistant-message");
  }

  /** Searches for `question`, which finds no article, so the assistant is asked it. */
  async open(question: string) {
    await this.page.goto(`/?q=${encodeURIComponent(question)}`);
  }

  async ask(text: string) {
    await this.input.fill(text);
    await this.input.press("Control+Enter");
  }

  reasoningOf(message: Locator) {
    const section = message.getByTestId("reasoning");
    return { section, toggle: section.getByRole("button", { name: /思考过程/ }), badge: section.getByTestId("reasoning-badge") };
  }
}

/** Answers every chat call with `respond`'s status and body; returns the requests received. */
export async function mockChat(page: Page, respond: (req: ChatRequest, n: number) => { status?: number; body: string; contentType?: string }) {
  const requests: ChatRequest[] = [];
  await page.route("**/api/v1/chat", async (route) => {
    const req = route.request().postDataJSON() as ChatRequest;
    requests.push(req);
    const { status = 200, body, contentType = "text/event-stream; charset=utf-8" } = respond(req, requests.length);
    await route.fulfill({ status, body, contentType });
  });
  return requests;
}

/**
 * Replaces the page's fetch of /api/v1/chat by a stream the test writes piece by piece (Playwright's
 * route answers only whole bodies). `push` sends events, `close` ends the reply; `aborted` says whether
 * the page aborted the request.
 */
export async function handStreamedChat(page: Page) {
  await page.addInitScript(() => {
    type Hand = { requests: unknown[]; push?: (text: string) => void; close?: () => void; aborted: boolean };
    const w = window as unknown as { __chat: Hand };
    const hand: Hand = { requests: [], aborted: false };
    w.__chat = hand;
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes("/api/v1/chat")) return realFetch(input, init);
      hand.requests.push(JSON.parse(String(init?.body)));
      const encoder = new TextEncoder();
      let out!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (out = c) });
      hand.push = (text) => out.enqueue(encoder.encode(text));
      hand.close = () => out.close();
      init?.signal?.addEventListener("abort", () => {
        hand.aborted = true;
        try {
          out.error(new DOMException("The user aborted a request.", "AbortError"));
        } catch {
          /* already closed */
        }
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    };
  });
  return {
    push: (events: ChatEvent[]) => page.evaluate((text) => (window as unknown as { __chat: { push: (t: string) => void } }).__chat.push(text), sseBody(events)),
    close: () => page.evaluate(() => (window as unknown as { __chat: { close: () => void } }).__chat.close()),
    requests: () => page.evaluate(() => (window as unknown as { __chat: { requests: ChatRequest[] } }).__chat.requests),
    aborted: () => page.evaluate(() => (window as unknown as { __chat: { aborted: boolean } }).__chat.aborted),
  };
}
