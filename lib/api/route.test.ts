import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { MSG } from "@/lib/messages";
import { ApiError } from "./errors";
import { json, ok, route } from "./route";

const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const post = (body: string, type = "application/json") =>
  new NextRequest("http://localhost/api/x", { method: "POST", body, headers: { "content-type": type } });

describe("route wrapper", () => {
  const echo = route(
    { body: z.object({ name: z.string().min(1, "请填写名称") }), bodyLimit: 100, form: true },
    ({ body }) => ok({ name: body.name }),
  );

  it("parses a JSON body and wraps the answer in data", async () => {
    const res = await echo(post('{"name":"拾阅"}'), ctx());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { name: "拾阅" } });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("parses a form-encoded body", async () => {
    const res = await echo(post("name=%E6%8B%BE", "application/x-www-form-urlencoded"), ctx());
    expect(await res.json()).toEqual({ data: { name: "拾" } });
  });

  it.each([
    ["{bad json", "application/json", 400, "请求体不是有效的 JSON"],
    ['{"name":""}', "application/json", 400, "参数 name：请填写名称"],
    ["{}", "application/json", 400, "参数 name："],
    [JSON.stringify({ name: "x".repeat(200) }), "application/json", 413, "请求内容过大"],
    ["<xml/>", "application/xml", 415, "请求格式须为 JSON 或表单"],
    ["null", "application/json", 400, "请求体必须是 JSON 对象"],
    ["[1]", "application/json", 400, "请求体必须是 JSON 对象"],
    ['"text"', "application/json", 400, "请求体必须是 JSON 对象"],
  ])("answers %s (%s) with %i and a Chinese detail", async (body, type, status, detail) => {
    const res = await echo(post(body, type), ctx());
    expect(res.status).toBe(status);
    expect((await res.json()).detail).toContain(detail);
  });

  it("validates route params and the query string", async () => {
    const handler = route(
      { params: z.object({ id: z.coerce.number().int().positive() }), query: z.object({ q: z.string().max(3) }) },
      ({ params, query }) => json({ id: params.id, q: query.q }),
    );
    const good = await handler(new NextRequest("http://localhost/x/5?q=ab"), ctx({ id: "5" }));
    expect(await good.json()).toEqual({ id: 5, q: "ab" });
    const bad = await handler(new NextRequest("http://localhost/x/abc?q=ab"), ctx({ id: "abc" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toMatch(/^参数 id：/);
  });

  it("maps ApiError to its status, detail and headers", async () => {
    const handler = route({}, () => {
      throw new ApiError("rate_limited", "太快了", { "Retry-After": "60" });
    });
    const res = await handler(new NextRequest("http://localhost/x"), ctx());
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await res.json()).toEqual({ detail: "太快了" });
  });

  it.each([
    ["the default", {}, MSG.queryTimeout],
    ["the route's own", { timeoutDetail: MSG.searchTimeout }, MSG.searchTimeout],
  ])("answers a statement over the timeout (57014, wrapped by Drizzle) with 503 and %s detail", async (_, options, detail) => {
    const spy = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const handler = route(options, () => {
      const pgError = Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
      throw new Error("Failed query: select …", { cause: pgError });
    });
    const res = await handler(new NextRequest("http://localhost/x"), ctx());
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail });
    spy.mockRestore();
  });

  it("answers a request whose client went away with 499 (logged, never read) instead of an error", async () => {
    const gone = new AbortController();
    const handler = route({}, () => {
      gone.abort();
      throw Object.assign(new Error("canceling statement due to user request"), { code: "57014" });
    });
    const res = await handler(new NextRequest("http://localhost/x", { signal: gone.signal }), ctx());
    expect(res.status).toBe(499);
  });

  it("hides unknown errors behind a 500 without stack or SQL, and logs them with the request id", async () => {
    const spy = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const handler = route({}, () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const res = await handler(new NextRequest("http://localhost/x", { headers: { "x-request-id": "req-1" } }), ctx());
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body).toEqual({ detail: "服务器开小差了，请稍后再试" });
    expect(JSON.stringify(spy.mock.calls)).toContain("req-1");
    spy.mockRestore();
  });
});

// Issue 28, row 12: a third-party page can post a form or text/plain to any URL without a preflight (and its
// visitor's browser sends cookies); public routes that spend the site's SMS and AI budget take JSON only
// and refuse requests a browser marks as coming from another site.
describe("public state-changing routes", () => {
  const sms = route({ body: z.object({ phone: z.string() }) }, ({ body }) => ok({ phone: body.phone }));
  const login = route({ body: z.object({ username: z.string() }), form: true }, ({ body }) => ok({ username: body.username }));
  const mine = route({ auth: "required", body: z.object({ a: z.string() }) }, () => ok({}));
  const request = (body: string, headers: Record<string, string>) =>
    new NextRequest("http://shiyue.example/api/v1/sms/send", { method: "POST", body, headers: { host: "shiyue.example", ...headers } });

  it.each([
    ["text/plain", '{"phone":"13800000000"}'],
    ["application/x-www-form-urlencoded", "phone=13800000000"],
    ["multipart/form-data; boundary=x", "--x--"],
    [null, '{"phone":"13800000000"}'],
  ])("answers %s with 415 and a Chinese detail", async (type, body) => {
    const res = await sms(request(body, type ? { "content-type": type } : {}), ctx());
    expect(res.status).toBe(415);
    expect((await res.json()).detail).toBe("请求格式须为 JSON（Content-Type: application/json）");
  });

  it("takes JSON, and the password login's form as the spec says", async () => {
    expect((await sms(request('{"phone":"1"}', { "content-type": "application/json" }), ctx())).status).toBe(200);
    expect((await login(request("username=a", { "content-type": "application/x-www-form-urlencoded" }), ctx())).status).toBe(200);
    expect((await login(request("username", { "content-type": "text/plain" }), ctx())).status).toBe(415);
  });

  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["another site's Origin", { origin: "https://evil.example" }],
    ["Origin: null (a sandboxed frame)", { origin: "null" }],
    ["a sibling subdomain's Origin", { origin: "https://evil.shiyue.example" }],
  ])("refuses %s with 403", async (_name, headers) => {
    const res = await login(request("username=a", { "content-type": "application/x-www-form-urlencoded", ...headers }), ctx());
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toBe("不接受来自其他网站的请求，请在本站页面内操作");
  });

  it("accepts the site's own pages and clients that are not browsers", async () => {
    const json = { "content-type": "application/json" };
    expect((await sms(request('{"phone":"1"}', { ...json, origin: "http://shiyue.example", "sec-fetch-site": "same-origin" }), ctx())).status).toBe(200);
    expect((await sms(request('{"phone":"1"}', json), ctx())).status).toBe(200);
  });

  it("leaves routes that need a Bearer token as they were (no cookie can sign them)", async () => {
    const res = await mine(request('{"a":"b"}', { "content-type": "text/plain" }), ctx());
    expect(res.status).toBe(401);
  });
});
