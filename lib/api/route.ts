import "server-only";
// The wrapper every route handler goes through: awaits and validates params, query and body with zod,
// caps the body size, and maps every thrown error to `{ detail }` with its status. Unknown errors are
// logged with a request id and answer 500 without a stack or SQL. A reading handler runs in a request scope:
// its queries are cancelled in PostgreSQL when the client goes away (lib/db/request-scope.ts). A statement
// over DB_STATEMENT_TIMEOUT_MS answers 503 with a Chinese detail.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "@/lib/zod";
import { viewerFromRequest } from "@/lib/auth/viewer";
import { getConfig } from "@/lib/config";
import { databaseUnavailable, queryCanceled } from "@/lib/db/errors";
import { freshCookie, FRESH_COOKIE, pinFromCookie, pinMs, pinToPrimary, replicasConfigured } from "@/lib/db/read-routing";
import { requestAborted, withRequestQueries } from "@/lib/db/request-scope";
import { isStopping, tracked } from "@/lib/server/lifecycle";
import type { User } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { errorDetail, errorMessage, log } from "@/lib/log";
import { routePattern } from "@/lib/metrics/route-pattern";
import { ApiError, defaultDetail } from "./errors";
import { requestIdOf } from "./request-id";

z.config(z.locales.zhCN());

export const DEFAULT_BODY_LIMIT = 64 * 1024;

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

type AuthMode = "none" | "optional" | "required" | "admin";
type UserFor<A> = A extends "required" | "admin" ? User : A extends "optional" ? User | null : undefined;

export type RouteOptions<P, Q, B, A extends AuthMode = "none"> = {
  /**
   * required: 401 without a valid token; optional: a missing or bad token means anonymous; admin: 401 without a
   * valid token, 404 for a signed-in user who is not an operator (the console's API does not exist for them).
   */
  auth?: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Body size cap in bytes (413 beyond it). */
  bodyLimit?: number;
  /** The 503 detail when a query runs over the statement timeout (default MSG.queryTimeout). */
  timeoutDetail?: string;
  /**
   * A public route that changes state (auth none or optional) takes JSON only, so a third-party page cannot
   * post to it with a simple form or text/plain request; `form: true` also takes a form-encoded body
   * (POST /auth/login, SPEC section 7).
   */
  form?: boolean;
  /**
   * Cancel the handler's queries when the client goes away. Default: for GET and HEAD (reads); a state
   * change (a like, a saved summary) completes once started. The chat opts in: its POST only reads.
   */
  cancelOnDisconnect?: boolean;
};

export type RouteContext<P, Q, B, A extends AuthMode = "none"> = {
  req: NextRequest;
  requestId: string;
  user: UserFor<A>;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
};

/** `{ data: … }`, the envelope of auth, article list and like answers. */
export function ok<T>(data: T, init?: ResponseInit) {
  return NextResponse.json({ data }, init);
}

export function json<T>(body: T, init?: ResponseInit) {
  return NextResponse.json(body, init);
}

/** An answer already serialized as JSON (a cached page). */
export function jsonText(body: string) {
  return new NextResponse(body, { headers: { "content-type": "application/json" } });
}

export function errorResponse(err: ApiError, requestId?: string) {
  return NextResponse.json(
    { detail: err.detail, ...err.fields },
    { status: err.status, headers: { ...err.headers, ...(requestId ? { "x-request-id": requestId } : {}) } },
  );
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? `参数 ${issue.path.join(".")}：` : "";
  return `${where}${issue.message}`;
}

export function parseOrThrow<S extends Schema>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError("bad_request", describeIssue(result.error.issues[0]));
  return result.data;
}

/**
 * Public state-changing requests must come from this site: a browser says where a request came from
 * (Sec-Fetch-Site, Origin), and a third-party page can set neither. Clients that are not browsers send neither.
 */
function assertSameOrigin(req: NextRequest): void {
  const cross = req.headers.get("sec-fetch-site") === "cross-site";
  const origin = req.headers.get("origin");
  if (!cross && origin === null) return;
  const own = [req.headers.get("host"), req.headers.get("x-forwarded-host"), getConfig().SITE_URL && new URL(getConfig().SITE_URL!).host];
  const originHost = origin && URL.canParse(origin) ? new URL(origin).host : null;
  if (cross || !originHost || !own.includes(originHost)) throw new ApiError("forbidden", "不接受来自其他网站的请求，请在本站页面内操作");
}

const isJson = (type: string) => type === "application/json" || type.endsWith("+json");

async function readBody(req: NextRequest, limit: number, accept: "any" | "json" | "json-or-form" = "any"): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new ApiError("payload_too_large", `请求内容过大（上限 ${Math.floor(limit / 1024)} KB）`);
  const buf = await req.arrayBuffer();
  if (buf.byteLength > limit) throw new ApiError("payload_too_large", `请求内容过大（上限 ${Math.floor(limit / 1024)} KB）`);
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (accept === "json" && !isJson(type)) throw new ApiError("unsupported_media_type", "请求格式须为 JSON（Content-Type: application/json）");
  if (accept === "json-or-form" && !isJson(type) && type !== "application/x-www-form-urlencoded") {
    throw new ApiError("unsupported_media_type", "请求格式须为 JSON 或表单");
  }
  const text = new TextDecoder().decode(buf);
  if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  if (!text.trim()) return {};
  if (type && !isJson(type) && type !== "text/plain") {
    throw new ApiError("unsupported_media_type", "请求格式须为 JSON 或表单");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "请求体不是有效的 JSON");
  }
}

export function toErrorResponse(err: unknown, requestId: string, req?: NextRequest, timeoutDetail: string = MSG.queryTimeout) {
  if (err instanceof ApiError) return errorResponse(err, requestId);
  if (requestAborted(err) || (queryCanceled(err) && req?.signal.aborted)) {
    // The client is gone and its queries were cancelled: nobody reads this answer.
    log.info("request cancelled by the client", { requestId, path: req?.nextUrl.pathname });
    return errorResponse(new ApiError("client_closed_request"), requestId);
  }
  if (queryCanceled(err)) {
    log.warn("statement timeout", { requestId, path: req?.nextUrl.pathname, error: errorMessage(err) });
    return errorResponse(new ApiError("unavailable", timeoutDetail), requestId);
  }
  if (databaseUnavailable(err)) {
    log.warn("database unavailable", { requestId, path: req?.nextUrl.pathname, error: errorMessage(err) });
    return errorResponse(new ApiError("unavailable", MSG.databaseUnavailable, { "Retry-After": "5" }), requestId);
  }
  log.error("unhandled error", { requestId, method: req?.method, path: req?.nextUrl.pathname, ...errorDetail(err) });
  return errorResponse(new ApiError("internal", defaultDetail("internal")), requestId);
}

export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  A extends AuthMode = "none",
>(options: RouteOptions<P, Q, B, A>, handler: (ctx: RouteContext<P, Q, B, A>) => Promise<Response> | Response) {
  return async (req: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => {
    const requestId = requestIdOf(req.headers.get("x-request-id"));
    if (isStopping()) return errorResponse(new ApiError("unavailable", MSG.restarting, { "Retry-After": "5" }), requestId);
    const started = performance.now();
    const answer = async (): Promise<Response> => {
      try {
        // Public routes that change state: same-origin browsers (or non-browser clients) and JSON only.
        const open = (options.auth ?? "none") === "none" || options.auth === "optional";
        const changes = req.method !== "GET" && req.method !== "HEAD";
        if (open && changes) assertSameOrigin(req);
        let user: User | null = null;
        if (options.auth && options.auth !== "none") {
          const viewer = await viewerFromRequest(req);
          if (!viewer.user && options.auth !== "optional") {
            throw new ApiError("unauthorized", viewer.present ? MSG.tokenInvalid : MSG.loginRequired);
          }
          if (options.auth === "admin" && viewer.user?.role !== "admin") throw new ApiError("not_found");
          user = viewer.user;
          if (user) pinFromCookie(user.id, req.cookies.get(FRESH_COOKIE)?.value);
        }
        const rawParams = context?.params ? await context.params : {};
        const params = options.params ? parseOrThrow(options.params, rawParams) : undefined;
        const query = options.query ? parseOrThrow(options.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
        let body: unknown;
        if (options.body) {
          const accept = !(open && changes) ? "any" : options.form ? "json-or-form" : "json";
          const raw = await readBody(req, options.bodyLimit ?? DEFAULT_BODY_LIMIT, accept);
          if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new ApiError("bad_request", "请求体必须是 JSON 对象");
          body = parseOrThrow(options.body, raw);
        }
        const res = await handler({ req, requestId, user, params, query, body } as RouteContext<P, Q, B, A>);
        res.headers.set("x-request-id", requestId);
        // A reader's own change reads back from the primary, on this container and (by the cookie) on the others.
        if (user && changes && !options.cancelOnDisconnect && res.status < 400 && replicasConfigured()) {
          const until = Date.now() + pinMs();
          pinToPrimary(user.id, until);
          res.headers.append("set-cookie", freshCookie(user.id, until));
        }
        return res;
      } catch (err) {
        return toErrorResponse(err, requestId, req, options.timeoutDetail);
      }
    };
    // Queries the handler starts (a response stream's included) are cancelled when the client goes away.
    const cancellable = options.cancelOnDisconnect ?? (req.method === "GET" || req.method === "HEAD");
    const res = await tracked(() => (cancellable ? withRequestQueries({ signal: req.signal, requestId }, answer) : answer()));
    // One line per request: never the query string, headers or body (keywords, tokens, codes, passwords).
    log.info("api", { requestId, method: req.method, path: req.nextUrl.pathname, route: routePattern(req.nextUrl.pathname), status: res.status, ms: Math.round(performance.now() - started) });
    return res;
  };
}

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];
type MethodHandler = (req: NextRequest) => Promise<Response>;

/**
 * Answers the methods a route file does not implement with 405 `{ detail }` and an Allow header (Next.js
 * alone answers them with a bare 405), and OPTIONS with 204 and the same Allow header (Next's own OPTIONS
 * would list every exported method, these included). Given the file's handlers, it returns handlers for
 * the other methods; each route file ends with one line such as
 * `export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });`
 * (HEAD stays Next's: it runs GET.)
 */
export function methodNotAllowed<H extends Partial<Record<RouteMethod, unknown>>>(
  implemented: H,
): Record<Exclude<RouteMethod, keyof H> | "OPTIONS", MethodHandler> {
  const own = ROUTE_METHODS.filter((m) => m in implemented);
  const allow = [...own, ...(own.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  const notAllowed: MethodHandler = async (req) => {
    const requestId = requestIdOf(req.headers.get("x-request-id"));
    const res = errorResponse(new ApiError("method_not_allowed"), requestId);
    res.headers.set("allow", allow);
    log.info("api", { requestId, method: req.method, path: req.nextUrl.pathname, route: routePattern(req.nextUrl.pathname), status: res.status, ms: 0 });
    return res;
  };
  const options: MethodHandler = async () => new Response(null, { status: 204, headers: { allow } });
  return {
    ...Object.fromEntries(ROUTE_METHODS.filter((m) => !own.includes(m)).map((m) => [m, notAllowed])),
    OPTIONS: options,
  } as Record<Exclude<RouteMethod, keyof H> | "OPTIONS", MethodHandler>;
}
