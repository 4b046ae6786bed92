// Calls a route handler the way Next does: a NextRequest in, status and parsed body out.
import { NextRequest } from "next/server";
import { PEER_HEADER } from "@/lib/api/client-ip";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /**
   * The socket address the request came from (the server stamps it; lib/server/peer-address.ts). By default
   * each call comes from an address of its own (198.18.0.0/15), so no test spends another's address budget.
   */
  peer?: string;
};

let peers = 0;
const nextPeer = () => `198.${18 + ((++peers >> 16) & 1)}.${(peers >> 8) & 255}.${peers & 255}`;

export async function call(handler: Handler, url: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers, [PEER_HEADER]: opts.peer ?? nextPeer() };
  let body: string | undefined = opts.raw;
  if (opts.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(opts.json);
  }
  if (opts.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(opts.form).toString();
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const method = opts.method ?? (body !== undefined ? "POST" : "GET");
  const res = await handler(new NextRequest(`http://localhost${url}`, { method, headers, body }), {
    params: Promise.resolve(opts.params ?? {}),
  });
  const text = await res.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null; // not JSON (an event stream): read `text`
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}
