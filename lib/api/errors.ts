// One error type for the API: a code, a Chinese detail, and the status the code maps to.

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A human check must be passed first (the body carries `human_check: "required"`; lib/abuse/human-check.ts). */
  human_check_required: 428,
  rate_limited: 429,
  /** The client went away before the answer (nginx's 499); only ever seen in the server log. */
  client_closed_request: 499,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_DETAIL: Record<ErrorCode, string> = {
  bad_request: "请求参数有误",
  unauthorized: "请先登录",
  forbidden: "没有权限执行此操作",
  not_found: "请求的内容不存在",
  method_not_allowed: "不支持该请求方法",
  conflict: "数据冲突，请刷新后重试",
  payload_too_large: "请求内容过大",
  unsupported_media_type: "不支持的请求格式",
  human_check_required: "请先完成人机验证",
  rate_limited: "操作太频繁，请稍后再试",
  client_closed_request: "请求已取消",
  internal: "服务器开小差了，请稍后再试",
  unavailable: "服务暂时不可用，请稍后再试",
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    detail: string = DEFAULT_DETAIL[code],
    readonly headers: Record<string, string> = {},
    /** Machine-readable fields answered beside `detail`. */
    readonly fields: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
  get detail(): string {
    return this.message;
  }
}

export function defaultDetail(code: ErrorCode): string {
  return DEFAULT_DETAIL[code];
}
