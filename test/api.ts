// Calls a route handler the way Next does: a NextRequest in, status and parsed body out.
import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
};

export async function call(handler: Handler, url: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
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
