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

export type FakeOpenAI = {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  /** The next `n` requests answer with `status` (e.g. 500, 429). */
  fail: (n: number, status?: number) => void;
  close: () => Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: FakeOpenAI["requests"] = [];
  let failures = 0;
  let failStatus = 500;
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
    send(404, { error: { message: `no route ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    fail: (n, status = 500) => {
      failures = n;
      failStatus = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
