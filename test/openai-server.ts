// A small OpenAI-compatible server on loopback for tests: real HTTP for the real `openai` SDK.
// POST /v1/embeddings answers deterministic "concept" vectors: every CJK character (and every Latin
// word) after mapping synonyms to one concept adds 1 to a hashed dimension, so texts sharing concepts are
// similar ("狗" is near "犬类训练") without sharing a word. `fail` makes the next answers errors.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_EMBEDDING_DIMENSIONS = 256;

const SYNONYMS: Record<string, string> = { 狗: "犬", 汪: "犬", 猫: "猫", 喵: "猫" };

function hash(token: string): number {
  let h = 2166136261;
  for (const ch of token) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h % FAKE_EMBEDDING_DIMENSIONS;
}

export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  const tokens = text.toLowerCase().match(/\p{Script=Han}|[a-z0-9]+/gu) ?? [];
  for (const t of tokens) v[hash(SYNONYMS[t] ?? t)] += 1;
  if (!tokens.length) v[0] = 1;
  return v;
}

/** How the fake model answers one chat request. */
export type ChatScript = {
  /** Streamed in order; each becomes one SSE chunk with delta.reasoning_content and/or delta.content. */
  chunks?: { reasoning?: string; content?: string }[];
  /** Send reasoning as `delta.reasoning` (vLLM, Ollama) instead of `delta.reasoning_content` (DeepSeek). */
  reasoningKey?: "reasoning" | "reasoning_content";
  /** Pause before each chunk. */
  delayMs?: number;
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
  /** Destroy the connection after this many chunks (a provider dying mid-stream). */
  disconnectAfter?: number;
  /** Stop sending after this many chunks without closing (a provider gone silent). */
  hangAfter?: number;
};

export type FakeOpenAI = {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  /** The script for chat requests (default: a short reasoning, then "收到：<question>"). */
  chat: (script: ((body: Record<string, unknown>) => ChatScript) | null) => void;
  /**
   * The answer to the n-th transcription request from now (0-based): a status to fail with, or the text.
   * `file` is the uploaded audio: its name and bytes.
   */
  transcription: (script: ((call: number, bytes: number, file: UploadedFile) => { status?: number; text?: string } | Promise<{ status?: number; text?: string }>) | null) => void;
  /** The next `n` requests answer with `status` (e.g. 500, 429). */
  fail: (n: number, status?: number) => void;
  close: () => Promise<void>;
};

export type UploadedFile = { name: string; data: Buffer };

/** The `file` part of a multipart/form-data body read as latin1 (one byte per character). */
function uploadedFile(form: string, contentType: string): UploadedFile {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(contentType);
  const at = form.search(/name="file"; filename="/);
  if (!boundary || at < 0) return { name: "", data: Buffer.alloc(0) };
  const name = /filename="([^"]*)"/.exec(form.slice(at))![1];
  const start = form.indexOf("\r\n\r\n", at) + 4;
  const end = form.indexOf(`\r\n--${boundary[1] ?? boundary[2]}`, start);
  return { name, data: Buffer.from(form.slice(start, end), "latin1") };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  if (!String(req.headers["content-type"] ?? "").includes("json")) return { bytes: raw.length, text: raw.toString("latin1") };
  return JSON.parse(raw.toString("utf8") || "{}");
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: FakeOpenAI["requests"] = [];
  let failures = 0;
  let failStatus = 500;
  let chatScript: ((body: Record<string, unknown>) => ChatScript) | null = null;
  let transcriptionScript: Parameters<FakeOpenAI["transcription"]>[0] = null;
  let transcriptionCalls = 0;
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push({ path, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== "Bearer test-key") return send(401, { error: { message: "bad key" } });
    if (failures > 0) {
      failures--;
      return send(failStatus, { error: { message: "injected failure" } });
    }
    if (req.method === "POST" && path === "/v1/embeddings") {
      const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
      return send(200, {
        object: "list",
        model: body.model,
        data: input.map((text, index) => ({ object: "embedding", index, embedding: fakeEmbedding(text) })),
        usage: { prompt_tokens: 0, total_tokens: 0 },
      });
    }
    if (req.method === "POST" && path === "/v1/audio/transcriptions") {
      const form = String(body.text ?? "");
      const model = /name="model"\r\n\r\n([^\r]*)/.exec(form)?.[1];
      const file = uploadedFile(form, String(req.headers["content-type"] ?? ""));
      const scripted = await transcriptionScript?.(transcriptionCalls++, Number(body.bytes), file);
      if (scripted?.status) return send(scripted.status, { error: { message: "injected failure" } });
      return send(200, { text: scripted?.text ?? `转写：${model}，${body.bytes} 字节` });
    }
    if (req.method === "POST" && path === "/v1/chat/completions") {
      const messages = (body.messages as { role: string; content: string }[]) ?? [];
      const script = chatScript?.(body) ?? {
        chunks: [{ reasoning: "想一想" }, { content: `收到：${messages.at(-1)?.content ?? ""}` }],
      };
      if (script.status) return send(script.status, { error: { message: "injected failure" } });
      const chunks = script.chunks ?? [];
      if (!body.stream) {
        const content = chunks.map((c) => c.content ?? "").join("");
        return send(200, { id: "x", object: "chat.completion", model: body.model, choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      // Settles once the last chunk written has been handed to the socket.
      let written = Promise.resolve();
      for (let i = 0; i < chunks.length; i++) {
        if (script.disconnectAfter === i) {
          await written; // what was written goes out before the connection is cut
          return void res.destroy();
        }
        if (script.hangAfter === i) return; // keep the connection open, send nothing more
        if (script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs));
        const c = chunks[i];
        const delta = { ...(c.reasoning !== undefined && { [script.reasoningKey ?? "reasoning_content"]: c.reasoning }), ...(c.content !== undefined && { content: c.content }) };
        const data = `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", model: body.model, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
        written = new Promise((resolve) => res.write(data, () => resolve()));
      }
      res.write("data: [DONE]\n\n");
      return void res.end();
    }
    send(404, { error: { message: `no route ${req.method} ${path}` } });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    transcription: (script) => {
      transcriptionScript = script;
      transcriptionCalls = 0;
    },
    fail: (n, status = 500) => {
      failures = n;
      failStatus = status;
    },
    chat: (script) => {
      chatScript = script;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
