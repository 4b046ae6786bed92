// Errors Next.js reports from pages, server actions and route handlers (instrumentation.ts onRequestError): one
// log line each, with the request's id (stamped by the front door), its method and path (never the query
// string), the route's pattern, the digest the error page shows, and the stack with its cause (lib/log.ts
// errorDetail: no SQL or parameters). API routes catch their own errors (lib/api/route.ts) and log them alike.
import type { Instrumentation } from "next";
import { errorDetail, log } from "@/lib/log";

export const logRequestError: Instrumentation.onRequestError = (err, request, context) => {
  const id = request.headers["x-request-id"];
  log.error("request error", {
    requestId: Array.isArray(id) ? id[0] : id,
    method: request.method,
    path: request.path.split("?")[0],
    route: context.routePath,
    routeType: context.routeType,
    digest: (err as { digest?: unknown } | null)?.digest,
    ...errorDetail(err),
  });
};
