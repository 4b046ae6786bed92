// Shared by the loopback test servers: one complete answer with its length.
import type { ServerResponse } from "node:http";

export function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}
