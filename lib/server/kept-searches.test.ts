// The front door for visitors' kept search pages, on a real HTTP server: which searches a kept page answers
// before the server's own handler (Next.js and the search route in production) and what it sends; everything
// else reaches the handler.
import { get as httpGet } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installKeptSearches, type KeptSearchAnswer } from "@/lib/search/kept-answer-slot";
import { resetConfig } from "@/lib/config";
import { startBehindFrontDoor, type StandIn } from "@/test/front-door-server";
import { keptSearchesWaiting, paceKeptSearches } from "./kept-searches";
import { beginStopping } from "./lifecycle";

const json = JSON.stringify({ data: { items: [{ id: 1, title: "留存的搜索结果", content: "正文".repeat(800) }], total: 1, total_is_estimate: false } });
const answer: KeptSearchAnswer = { json, mode: "fulltext" };
let kept: Record<string, KeptSearchAnswer | null> = {};
let asked: string[] = [];
let standIn: StandIn;
let base = "";

beforeAll(async () => {
  installKeptSearches({
    lookup: async (params) => {
      asked.push(params.toString());
      return kept[params.get("keyword") ?? ""] ?? null;
    },
  });
  standIn = await startBehindFrontDoor();
  base = standIn.base;
});
afterAll(async () => {
  installKeptSearches(undefined);
  await standIn.close();
});
beforeEach(() => {
  kept = { 睡眠: answer, 短: { json: '{"data":{"items":[],"total":0,"total_is_estimate":false}}', mode: "hybrid" } };
  asked = [];
  standIn.handled.length = 0;
});

const path = (keyword: string) => `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}`;
const get = (url: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${base}${url}`, { method, headers });

describe("a visitor's search whose page is kept", () => {
  it("is answered before the handler with the route's body and headers", async () => {
    const res = await get(path("睡眠"), { "accept-encoding": "identity", "x-request-id": "req-1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(json);
    expect(standIn.handled).toEqual([]);
    expect(asked).toEqual([`keyword=${encodeURIComponent("睡眠")}`]);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "application/json",
      "x-search-mode": "fulltext",
      "x-request-id": expect.stringMatching(/^[0-9a-f-]{36}$/), // a client's own id is not taken (no trusted proxy)
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "content-length": String(Buffer.byteLength(json)),
      vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding",
    });
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("cache-control")).toBeNull(); // as the route: no validators, nothing for a shared cache
  });

  it("is gzipped for a client that takes gzip, at the spec's path with a slash too; plain when short", async () => {
    const raw = await new Promise<{ body: Buffer; encoding?: string }>((resolve, reject) => {
      httpGet(`${base}${path("睡眠").replace("search?", "search/?")}`, { headers: { "accept-encoding": "gzip" } }, (r) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ body: Buffer.concat(chunks), encoding: r.headers["content-encoding"] })).on("error", reject);
      }).on("error", reject);
    });
    expect(raw.encoding).toBe("gzip");
    expect(gunzipSync(raw.body).toString()).toBe(json);
    const short = await get(path("短"), { "accept-encoding": "gzip" });
    expect(short.headers.get("content-encoding")).toBeNull();
    expect(short.headers.get("x-search-mode")).toBe("hybrid");
    expect(standIn.handled).toEqual([]);
  });

  it("says https to a browser that came over it (HSTS) when a trusted proxy says so, and makes up a request id when none is given", async () => {
    expect((await get(path("睡眠"), { "x-forwarded-proto": "https" })).headers.get("strict-transport-security")).toBeNull(); // a client's word
    process.env.TRUSTED_PROXIES = "1";
    resetConfig();
    try {
      const res = await get(path("睡眠"), { "x-forwarded-proto": "https" });
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      delete process.env.TRUSTED_PROXIES;
      resetConfig();
    }
  });
});

describe("everything else reaches the handler untouched", () => {
  it.each([
    ["a page not kept (or not current)", path("数据库"), {}, "GET"],
    ["a token, valid or not", path("睡眠"), { authorization: "Bearer whatever" }, "GET"],
    ["HEAD", path("睡眠"), {}, "HEAD"],
    ["POST", path("睡眠"), {}, "POST"],
    ["no query", "/api/v1/articles/search", {}, "GET"],
    ["another route", "/api/v1/articles/?keyword=睡眠", {}, "GET"],
    ["a longer path", "/api/v1/articles/search/x?keyword=睡眠", {}, "GET"],
  ])("%s", async (_, url, headers, method) => {
    const res = await get(url, headers, method);
    expect(res.status).toBe(299);
    expect(standIn.handled).toHaveLength(1);
  });

  it("when the lookup fails, the route answers as usual", async () => {
    installKeptSearches({ lookup: () => Promise.reject(new Error("database down")) });
    try {
      expect((await get(path("睡眠"))).status).toBe(299);
    } finally {
      installKeptSearches({ lookup: async (params) => kept[params.get("keyword") ?? ""] ?? null });
    }
  });
});

// Paced far slower than the default (400 a second), so that what waits does not depend on how fast the test runs.
describe("a crowd", () => {
  afterEach(() => paceKeptSearches());

  it("gets every answer, paced: beyond the burst, a search waits its turn", async () => {
    paceKeptSearches({ rate: 0.5, burst: 1, maxWaitMs: 10_000 }); // a turn every 2 s
    expect((await get(path("睡眠"))).status).toBe(200); // the burst
    const second = get(path("睡眠"));
    await vi.waitFor(() => expect(keptSearchesWaiting()).toBe(1), { timeout: 10_000 });
    expect((await second).status).toBe(200);
    expect(keptSearchesWaiting()).toBe(0);
    expect(standIn.handled).toEqual([]);
  });

  it("sends a search whose turn is too far away to the route", async () => {
    paceKeptSearches({ rate: 0.001, burst: 2, maxWaitMs: 10_000 }); // the third turn is 1,000 s away
    const statuses = await Promise.all(Array.from({ length: 5 }, () => get(path("睡眠")).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 299)).toHaveLength(3);
    expect(standIn.handled).toHaveLength(3);
  });
});

// Last: a stopping process stays stopping.
describe("a server that is stopping", () => {
  it("leaves every search to the route (which answers 503)", async () => {
    beginStopping();
    expect((await get(path("睡眠"))).status).toBe(299);
  });
});
