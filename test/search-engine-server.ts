// A loopback stand-in for the search engines' submission endpoints, for the announcing tests: IndexNow's
// POST /indexnow (JSON) and Baidu's POST /urls?site=…&token=… (text/plain, one URL a line). It records every
// request as received and answers from a script the test sets (default: IndexNow 200, Baidu's
// { success, remain } counting the lines against a daily quota). `next()` resolves on the next request, so a
// test waits for the event rather than for time.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { send } from "./http";

export type Received = {
  path: string;
  query: Record<string, string>;
  contentType: string | null;
  userAgent: string | null;
  body: string;
};

export type Answer = { status: number; body?: string; headers?: Record<string, string> };

export type SearchEngineServer = {
  url: string;
  indexNow: Received[];
  baidu: Received[];
  /** Answers for the next requests of each endpoint, used in order (then the default). */
  script: { indexNow: Answer[]; baidu: Answer[] };
  /** Baidu's quota left today, counted down by the default answer. */
  baiduRemain: number;
  /** Resolves with the next request received. */
  next: () => Promise<Received>;
  close: () => Promise<void>;
};

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startSearchEngineServer(): Promise<SearchEngineServer> {
  let waiting: ((r: Received) => void)[] = [];
  const state: Omit<SearchEngineServer, "url" | "close" | "next"> = { indexNow: [], baidu: [], script: { indexNow: [], baidu: [] }, baiduRemain: 100 };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const received: Received = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      contentType: req.headers["content-type"] ?? null,
      userAgent: req.headers["user-agent"] ?? null,
      body: await read(req),
    };
    let answer: Answer;
    if (req.method === "POST" && url.pathname === "/indexnow") {
      state.indexNow.push(received);
      answer = state.script.indexNow.shift() ?? { status: 200 };
    } else if (req.method === "POST" && url.pathname === "/urls") {
      state.baidu.push(received);
      const lines = received.body.split("\n").filter(Boolean).length;
      answer = state.script.baidu.shift() ?? (() => {
        if (lines > state.baiduRemain) return { status: 400, body: JSON.stringify({ error: 400, message: "over quota" }) };
        state.baiduRemain -= lines;
        return { status: 200, body: JSON.stringify({ remain: state.baiduRemain, success: lines, not_same_site: [], not_valid: [] }) };
      })();
    } else {
      answer = { status: 404, body: "not found" };
    }
    send(res, answer.status, "application/json", answer.body ?? "", answer.headers);
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve(received);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
