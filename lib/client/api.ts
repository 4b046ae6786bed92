"use client";
// The browser's API client (SPEC section 7): base /api/v1 (paths starting with /api/ are used as they are),
// 10-second timeout, credentials sent, JSON by default, the Bearer token when stored; the parsed body is
// returned as it is. Failures throw ApiRequestError with the server's `detail`.
import type { Challenge } from "altcha-lib";
import { clearSession, getToken } from "./session";
import { loginUrlFor, shouldRedirectOn401 } from "./redirect";

export const REQUEST_TIMEOUT_MS = 10_000;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    /** The server asks for a human check first (428 with `human_check: "required"`). */
    readonly humanCheck = false,
  ) {
    super(detail ?? `请求失败（${status}）`);
    this.name = "ApiRequestError";
  }
}

type Options = {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Longer than REQUEST_TIMEOUT_MS for a call that waits on a remote server (the console's 立即抓取). */
  timeoutMs?: number;
};

/**
 * A call the server may answer with 428 and `human_check: "required"` (sending a code, registering above a
 * threshold) is retried once with a solved proof of work (lib/client/human-check.ts).
 */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  try {
    return await request<T>(path, opts);
  } catch (err) {
    if (!(err instanceof ApiRequestError && err.humanCheck)) throw err;
    const { solveHumanCheck } = await import("./human-check");
    // The challenge is signed for this request's path (and this address): its proof passes nothing else.
    const proof = await solveHumanCheck(async () => (await request<{ data: Challenge }>(`/human-check?for=${encodeURIComponent(path.split("?")[0])}`, {})).data);
    return request<T>(path, opts, proof);
  }
}

async function request<T>(path: string, opts: Options, humanCheck?: string): Promise<T> {
  const url = new URL(path.startsWith("/api/") ? path : `/api/v1${path}`, location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  let body: string | undefined;
  if (opts.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
  }
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (humanCheck) headers["X-Human-Check"] = humanCheck;

  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (body !== undefined ? "POST" : "GET"),
      headers,
      body,
      credentials: "include",
      signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === "TimeoutError";
    throw new ApiRequestError(0, timedOut ? "请求超时，请检查网络后重试" : "网络连接失败，请检查网络后重试");
  }
  const text = await res.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!res.ok) {
    if (res.status === 401 && shouldRedirectOn401(location.pathname, url.toString())) signInAgain();
    const { detail, human_check } = (payload ?? {}) as { detail?: unknown; human_check?: unknown };
    throw new ApiRequestError(res.status, typeof detail === "string" ? detail : null, res.status === 428 && human_check === "required" && !humanCheck);
  }
  return payload as T;
}

/** The session ended: forget it and go to code login, coming back to this page afterwards. */
export function signInAgain(): void {
  clearSession();
  location.assign(loginUrlFor(`${location.pathname}${location.search}`));
}

/** The message to show for a failed call: the server's detail, else the fallback. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.detail ? err.detail : fallback;
}
