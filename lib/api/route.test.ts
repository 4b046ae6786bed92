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
    { body: z.object({ name: z.string().min(1, "请填写名称") }), bodyLimit: 100 },
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
