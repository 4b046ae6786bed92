// The front door for visitors' kept pages, on a real HTTP server: which requests a kept page answers before
// the server's own handler (Next.js in production) and what it sends; everything else reaches the handler.
import { get as httpGet } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { etagOf, httpDate } from "./conditional-get";
import { startBehindFrontDoor, type StandIn } from "@/test/front-door-server";
import { resetConfig } from "@/lib/config";
import { takesGzip } from "./front-door";
import { installPageCache, RENDER_HEADER, type CachedPage } from "./page-cache-slot";

const html = `<html><script nonce="kept+Nonce/1=">1</script><h1>留存的页面</h1>${"正文".repeat(500)}</html>`;
const page: CachedPage = {
  html,
  nonce: "kept+Nonce/1=",
  etag: etagOf(html),
  renderedAt: Date.parse("2026-11-27T06:00:00Z"),
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["x-frame-options", "DENY"],
    ["vary", "rsc, next-router-state-tree"],
    ["link", '</_next/static/chunks/a.css>; rel=preload; as="style"; nonce="kept+Nonce/1="'],
  ],
};
const SECRET = "render-secret";
let kept: Record<string, CachedPage | null> = {};
let looked: string[] = [];
let standIn: StandIn;
let base = "";

beforeAll(async () => {
  installPageCache({
    renderSecret: SECRET,
    lookup: async (path) => {
      looked.push(path);
      return kept[path] ?? null;
    },
  });
  standIn = await startBehindFrontDoor();
  base = standIn.base;
});
afterAll(async () => {
  installPageCache(undefined);
  await standIn.close();
});
beforeEach(() => {
  kept = { "/": page, "/articles/42": page };
  looked = [];
  standIn.handled.length = 0;
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${base}${path}`, { method, headers, redirect: "manual" });

describe("a visitor's plain GET of a kept page", () => {
  it("is answered before the handler with the page's bytes and every header a page carries", async () => {
    const res = await get("/articles/42", { "accept-encoding": "identity" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(html);
    expect(standIn.handled).toEqual([]);
    const h = Object.fromEntries(res.headers);
    expect(h).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "x-frame-options": "DENY",
      "x-page-cache": "hit",
      etag: page.etag,
      "last-modified": httpDate(page.renderedAt),
      "cache-control": "public, max-age=0, s-maxage=10, stale-while-revalidate=50, no-transform",
      vary: "rsc, next-router-state-tree, Accept-Encoding, Cookie, X-Forwarded-Proto",
      link: page.headers[3][1],
    });
    expect(h["content-security-policy"]).toContain("script-src 'self' 'nonce-kept+Nonce/1=' 'strict-dynamic'");
    expect(h["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(h["strict-transport-security"]).toBeUndefined();
    expect(Number(h["content-length"])).toBe(Buffer.byteLength(html));
  });

  it("is gzipped for a client that takes gzip, the same bytes under the same ETag", async () => {
    const res = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    // fetch unzips: read the raw answer through node:http instead.
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const raw = await new Promise<Buffer>((resolve, reject) => {
      httpGet(`${base}/`, { headers: { "accept-encoding": "gzip" } }, (r) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks))).on("error", reject);
      }).on("error", reject);
    });
    expect(raw.length).toBeLessThan(Buffer.byteLength(html) / 5);
    expect(gunzipSync(raw).toString()).toBe(html);
    expect(res.headers.get("etag")).toBe(page.etag);
  });

  it("answers 304 without a body when the client holds it", async () => {
    const conditions: Record<string, string>[] = [{ "if-none-match": page.etag }, { "if-modified-since": httpDate(page.renderedAt) }];
    for (const headers of conditions) {
      const res = await get("/articles/42", headers);
      expect(res.status).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(page.etag);
      expect(res.headers.get("cache-control")).toContain("public");
    }
    expect((await get("/articles/42", { "if-none-match": 'W/"another"' })).status).toBe(200);
    expect(standIn.handled).toEqual([]);
  });

  it("says https to a browser that came over it, as a trusted proxy says (upgrade-insecure-requests, HSTS)", async () => {
    process.env.TRUSTED_PROXIES = "1";
    resetConfig();
    try {
      const res = await get("/", { "x-forwarded-proto": "https", "x-request-id": "edge-77" });
      expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(res.headers.get("x-request-id")).toBe("edge-77");
    } finally {
      delete process.env.TRUSTED_PROXIES;
      resetConfig();
    }
  });

  it("takes neither the scheme nor a request id from a client with no trusted proxy between (issue 42, rows 5 and 6)", async () => {
    const res = await get("/", { "x-forwarded-proto": "https", "x-request-id": "forged-id-for-everyone" });
    expect(res.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // The kept page carries this request's id, not the one its render had.
    kept["/"] = { ...page, headers: [...page.headers, ["x-request-id", "render-id-1"]] };
    const ids = [(await get("/")).headers.get("x-request-id"), (await get("/")).headers.get("x-request-id")];
    expect(ids).not.toContain("render-id-1");
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe("everything else reaches the handler untouched", () => {
  it.each([
    ["a page not kept (or not current)", "/articles/7", {}, "GET"],
    ["a query", "/articles/42?from=feed", {}, "GET"],
    ["a session cookie", "/articles/42", { cookie: "theme=dark; shiyue_token=abc" }, "GET"],
    ["a client navigation", "/articles/42", { rsc: "1" }, "GET"],
    ["a prefetch", "/", { "next-router-prefetch": "1" }, "GET"],
    ["a router fetch (Sec-Fetch-Dest: empty)", "/", { "sec-fetch-dest": "empty" }, "GET"],
    ["the cache's own render", "/articles/42", { [RENDER_HEADER]: SECRET }, "GET"],
    ["HEAD", "/articles/42", {}, "HEAD"],
    ["POST (a server action)", "/", { "next-action": "x" }, "POST"],
    ["a non-canonical permalink (301 from the proxy)", "/articles/042", {}, "GET"],
    ["a trailing slash", "/articles/42/", {}, "GET"],
    ["another page", "/about", {}, "GET"],
  ])("%s", async (_, path, headers, method) => {
    const res = await get(path, headers, method);
    expect(res.status).toBe(299);
    expect(standIn.handled).toEqual([path]);
  });

  it("when the cache fails, the handler renders as usual", async () => {
    installPageCache({ renderSecret: SECRET, lookup: () => Promise.reject(new Error("database down")) });
    try {
      expect((await get("/articles/42")).status).toBe(299);
    } finally {
      installPageCache({ renderSecret: SECRET, lookup: async (path) => kept[path] ?? null });
    }
  });

  it("a bogus render header is no way around the kept page", async () => {
    expect((await get("/articles/42", { [RENDER_HEADER]: "guess" })).status).toBe(200);
    expect(standIn.handled).toEqual([]);
  });
});

describe("which clients take gzip", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["GZIP", true],
    ["*", true],
    ["identity", false],
    ["gzip;q=0", false],
    ["gzip; q=0.0, deflate", false],
    ["*;q=0, br", false],
    ["*, gzip;q=0", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(takesGzip(value)).toBe(expected);
  });
  it("takes none without the header", () => expect(takesGzip(null)).toBe(false));
});

