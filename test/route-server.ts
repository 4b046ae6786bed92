// Route handlers behind a real HTTP server on loopback, called the way Next.js calls them in production: the
// request's signal aborts when the client closes the connection before the answer is finished
// (next/dist/server/web/spec-extension/adapters/next-request.js), and a closed response cancels a streamed
// body. Tests of what happens when a client goes away need this; `call()` (test/api.ts) has no connection.
import { createServer, request, type ClientRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { PEER_HEADER } from "@/lib/api/client-ip";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Names the request `open()` sent, so the server can tell the test when that request's signal aborted. */
const OPENED_HEADER = "x-test-opened";

export type RouteServer = {
  url: string;
  /**
   * Sends a request and returns it without waiting: `destroy()` it to play a client that goes away. `aborted`
   * resolves once the server has seen it go away (the handler's signal aborted).
   */
  open(path: string, opts?: { method?: string; json?: unknown; token?: string }): { req: ClientRequest; response: Promise<IncomingMessage>; aborted: Promise<void> };
  /** Sends a request and reads the whole answer. */
  fetch(path: string, opts?: { method?: string; json?: unknown; token?: string }): Promise<{ status: number; text: string; body: unknown }>;
  close(): Promise<void>;
};

/** `routes` maps a path to its route module's handlers, e.g. `{ "/api/v1/articles": { GET } }`. */
export async function startRouteServer(routes: Record<string, Partial<Record<string, unknown>>>): Promise<RouteServer> {
  const onAbort = new Map<string, () => void>();
  let opened = 0;
  const server = createServer(async (req, res) => {
    const controller = new AbortController();
    const openedAs = String(req.headers[OPENED_HEADER]);
    res.once("close", () => {
      if (!res.writableFinished) {
        controller.abort();
        onAbort.get(openedAs)?.();
      }
      onAbort.delete(openedAs);
    });
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const handler = routes[url.pathname]?.[req.method ?? "GET"] as Handler | undefined;
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string" && name !== OPENED_HEADER) headers.set(name, value);
    // The socket's address, as the app's server stamps it on every request (lib/server/peer-address.ts).
    headers.set(PEER_HEADER, req.socket.remoteAddress ?? "");
    const nextReq = new NextRequest(url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      signal: controller.signal,
    });
    const answer = await handler(nextReq, { params: Promise.resolve({}) });
    if (res.destroyed) {
      await answer.body?.cancel().catch(() => {});
      return;
    }
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (!answer.body) {
      res.end();
      return;
    }
    const reader = answer.body.getReader();
    res.once("close", () => void reader.cancel().catch(() => {}));
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done || res.destroyed) break;
      res.write(value);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const open: RouteServer["open"] = (path, opts = {}) => {
    const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
    const name = String(++opened);
    const aborted = new Promise<void>((resolve) => onAbort.set(name, resolve));
    const req = request(`${base}${path}`, {
      method: opts.method ?? (body ? "POST" : "GET"),
      headers: {
        [OPENED_HEADER]: name,
        ...(body ? { "content-type": "application/json" } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
    });
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      req.once("response", resolve);
      req.once("error", reject);
    });
    response.catch(() => {}); // a destroyed request rejects; callers that care await it
    req.end(body);
    return { req, response, aborted };
  };

  return {
    url: base,
    open,
    async fetch(path, opts) {
      const res = await open(path, opts).response;
      let text = "";
      for await (const chunk of res) text += chunk;
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null; // an event stream: read `text`
      }
      return { status: res.statusCode ?? 0, text, body };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
