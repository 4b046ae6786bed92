import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRouteTable, routePattern } from "./route-pattern";

// The shape of Next's routes-manifest.json (static pages by name, dynamic ones with their regex).
const manifest = {
  staticRoutes: [{ page: "/" }, { page: "/search" }, { page: "/api/v1/articles" }, { page: "/api/health" }],
  dynamicRoutes: [
    { page: "/articles/[id]", regex: "^/articles/([^/]+?)(?:/)?$" },
    { page: "/api/v1/likes/[id]", regex: "^/api/v1/likes/([^/]+?)(?:/)?$" },
  ],
};

describe("route patterns", () => {
  const file = join(mkdtempSync(join(tmpdir(), "routes-")), "routes-manifest.json");
  writeFileSync(file, JSON.stringify(manifest));
  const routes = readRouteTable(file);

  it("name a request by its route, however many ids there are", () => {
    expect(routePattern("/", routes)).toBe("/");
    expect(routePattern("/api/v1/articles/", routes)).toBe("/api/v1/articles");
    expect(routePattern("/articles/123", routes)).toBe("/articles/[id]");
    expect(routePattern("/articles/987654", routes)).toBe("/articles/[id]");
    expect(routePattern("/api/v1/likes/5/", routes)).toBe("/api/v1/likes/[id]");
  });

  it("keep made-up paths to two labels", () => {
    expect(routePattern("/wp-login.php", routes)).toBe("(file)");
    expect(routePattern("/no/such/page", routes)).toBe("(unmatched)");
    expect(routePattern("/_next/static/chunks/abc.js", routes)).toBe("/_next/*");
  });

  it("without a build, turn ids into [id]", () => {
    expect(readRouteTable(join(tmpdir(), "none", "routes-manifest.json"))).toBeNull();
    expect(routePattern("/articles/42", null)).toBe("/articles/[id]");
    expect(routePattern("/api/summary/task/0b6f7a2e-1c1d-4c3e-9a55-3d1f0e6c2b7a/status", null)).toBe("/api/summary/task/[id]/status");
    expect(routePattern("/", null)).toBe("/");
  });
});
