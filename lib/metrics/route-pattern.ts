// The route a request path belongs to, for metric labels and log lines: Next's own route table (the build's
// routes-manifest.json: `/articles/[id]`, `/api/v1/likes/[id]`…), so labels stay few however many articles,
// users and made-up paths there are. Without a build (tests, tools), numeric and id-like segments become `[id]`.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type RouteTable = { exact: Set<string>; dynamic: { page: string; regex: RegExp }[] };

type Manifest = { staticRoutes?: { page: string }[]; dynamicRoutes?: { page: string; regex: string }[] };

/** The table of a routes-manifest.json, or null when there is none. */
export function readRouteTable(file = join(process.cwd(), ".next", "routes-manifest.json")): RouteTable | null {
  try {
    const m = JSON.parse(readFileSync(file, "utf8")) as Manifest;
    return {
      exact: new Set((m.staticRoutes ?? []).map((r) => r.page)),
      dynamic: (m.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) })),
    };
  } catch {
    return null;
  }
}

let table: RouteTable | null | undefined;

const ID_LIKE = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,})$/i;

/** `path` (no query) as its route: a page, `/_next/*`, `(file)` for a public file, `(unmatched)` for no route. */
export function routePattern(path: string, routes: RouteTable | null = (table ??= readRouteTable())): string {
  if (path.startsWith("/_next/")) return "/_next/*";
  const bare = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  if (!routes) return bare.split("/").map((s) => (ID_LIKE.test(s) ? "[id]" : s)).join("/") || "/";
  if (routes.exact.has(bare)) return bare;
  for (const route of routes.dynamic) if (route.regex.test(bare) || route.regex.test(path)) return route.page;
  return /\.[a-z0-9]{2,5}$/i.test(bare) ? "(file)" : "(unmatched)";
}
