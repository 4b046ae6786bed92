// Every request gets an id the response carries back, each page request ends in one JSON log line without its
// query string, an API route's unexpected error is logged once with its stack and that id, and so is an error
// Next.js reports from a page (instrumentation.ts onRequestError).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { route } from "@/lib/api/route";
import { resetConfig } from "@/lib/config";
import { startBehindFrontDoor, type StandIn } from "@/test/front-door-server";
import { installPageCache, RENDER_HEADER } from "./page-cache-slot";
import { logRequestError } from "./request-errors";
import { WARM_UP_HEADER } from "./warm-up";

let standIn: StandIn;
let lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  standIn = await startBehindFrontDoor();
});
afterAll(() => standIn.close());
beforeEach(() => {
  lines = [];
  vi.restoreAllMocks();
  const capture = (chunk: unknown) => {
    for (const line of String(chunk).split("\n").filter(Boolean)) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        /* not a log line */
      }
    }
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
});

/** Waits for the log line `match` picks (the line is written when the response closes, after the client read it). */
async function lineWhere(match: (l: Record<string, unknown>) => boolean) {
  await vi.waitFor(() => expect(lines.find(match)).toBeDefined());
  return lines.find(match)!;
}

describe("the front door's request log", () => {
  it("gives a page request an id, returns it, and logs method, path without the query, status and time", async () => {
    const res = await fetch(`${standIn.base}/articles/7?utm_source=x&phone=13812345678`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await lineWhere((l) => l.msg === "page" && l.requestId === id);
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/articles/7", status: 299 });
    expect(typeof line.ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("13812345678");
  });

  it("keeps the id a trusted proxy sent, and leaves API calls and static files to their own lines", async () => {
    process.env.TRUSTED_PROXIES = "1";
    resetConfig();
    try {
      const res = await fetch(`${standIn.base}/about`, { headers: { "x-request-id": "edge-42" } });
      expect(res.headers.get("x-request-id")).toBe("edge-42");
      await lineWhere((l) => l.msg === "page" && l.requestId === "edge-42");
      // An id of any other form is replaced, even from the proxy: it goes into logs and headers.
      const odd = await fetch(`${standIn.base}/terms`, { headers: { "x-request-id": "a b\"c" } });
      expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      delete process.env.TRUSTED_PROXIES;
      resetConfig();
    }
    // A client's own id, with no trusted proxy between, is not taken (issue 42, row 6).
    expect((await fetch(`${standIn.base}/about`, { headers: { "x-request-id": "edge-43" } })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    for (const path of ["/api/v1/articles", "/_next/static/chunks/a.js"]) {
      expect((await fetch(`${standIn.base}${path}`)).headers.get("x-request-id")).toBeTruthy();
    }
    await vi.waitFor(() => expect(lines.filter((l) => l.msg === "page").map((l) => l.path)).toEqual(["/about", "/terms", "/about"]));
  });
});

describe("the server's own requests", () => {
  it("a kept page's render and the warm-up's requests write no page line (a reader's miss is one line); a client's guess of the header does", async () => {
    installPageCache({ renderSecret: "render-secret", lookup: async () => null });
    try {
      const render = await fetch(`${standIn.base}/articles/8`, { headers: { [RENDER_HEADER]: "render-secret" } });
      const warm = await fetch(`${standIn.base}/articles/9`, { headers: { [WARM_UP_HEADER]: "not-the-secret" } });
      const guess = await fetch(`${standIn.base}/articles/10`, { headers: { [RENDER_HEADER]: "guessed" } });
      await Promise.all([render.text(), warm.text(), guess.text()]);
      // The lines are written when each response closes, which for the first came before the last was answered.
      await lineWhere((l) => l.msg === "page" && l.path === "/articles/10");
      expect(lines.filter((l) => l.msg === "page").map((l) => l.path)).toEqual(["/articles/9", "/articles/10"]);
    } finally {
      installPageCache(undefined);
    }
  });
});

describe("errors", () => {
  it("an API route's unexpected error: 500 with the id, one error line with the stack and the same id", async () => {
    const handler = route({}, async () => {
      throw new TypeError("cannot read properties of undefined (reading 'title')");
    });
    const res = await handler(new NextRequest("http://localhost/api/v1/boom?keyword=secret", { headers: { "x-request-id": "req-500" } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("req-500");
    const errors = lines.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: "unhandled error", requestId: "req-500", path: "/api/v1/boom", error: "cannot read properties of undefined (reading 'title')" });
    expect(errors[0].stack).toMatch(/^TypeError: cannot read properties[^\n]*\n\s+at .*request-log\.test\.ts/);
    expect(JSON.stringify(lines)).not.toContain("secret");
  });

  it("an error Next.js reports from a page: one line with the route, digest, stack and request id", () => {
    const err = Object.assign(new Error("render failed"), { digest: "2412345678" });
    void logRequestError(err, { path: "/articles/7?from=share", method: "GET", headers: { "x-request-id": "req-page" } }, { routerKind: "App Router", routePath: "/articles/[id]", routeType: "render", renderSource: "server-rendering", revalidateReason: undefined });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: "request error", requestId: "req-page", method: "GET", path: "/articles/7", route: "/articles/[id]", routeType: "render", digest: "2412345678", error: "render failed" });
    expect(lines[0].stack).toMatch(/^Error: render failed\n\s+at /);
  });
});
