// Raised by the content-safety checkers (aliyun.ts, tencent.ts) when the provider cannot give a verdict: it
// cannot be reached, times out, refuses the request or answers something unreadable. The message is Chinese;
// `cause` keeps the original. The caller holds the comment for an operator (fail closed), never shows it unchecked.
export class SafetyUnavailableError extends Error {
  override name = "SafetyUnavailableError";
}

/** A failed or timed-out request (fetch, or reading its body) as a SafetyUnavailableError. */
export function transportError(err: unknown): SafetyUnavailableError {
  const timedOut = (err as { name?: unknown } | null)?.name === "TimeoutError";
  return new SafetyUnavailableError(timedOut ? "内容安全服务请求超时" : "无法连接内容安全服务", { cause: err });
}

/** The provider's own refusal (an error code and message in its answer). */
export function providerError(code: unknown, message: unknown, fallback: string): SafetyUnavailableError {
  const shown = (typeof code === "string" && code) || (typeof code === "number" && String(code)) || fallback;
  const detail = typeof message === "string" && message ? `：${message}` : "";
  return new SafetyUnavailableError(`内容安全服务返回错误（${shown}）${detail}`);
}

/** Reads a JSON answer; a body that is not JSON is the provider's fault, a timeout while reading is transport. */
export async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch (err) {
    if ((err as { name?: unknown } | null)?.name === "TimeoutError") throw transportError(err);
    throw new SafetyUnavailableError(`内容安全服务返回了无法识别的响应（HTTP ${res.status}）`, { cause: err });
  }
}
