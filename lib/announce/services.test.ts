// The announcing settings, the protocols' answers read as the flush acts on them, the site that is (not)
// announced, and the IndexNow key file: served at /{key}.txt (next.config.ts's rewrite, matched here by Next's
// own path matcher) with the key as its body, 404 for any other name or without a key.
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { afterEach, describe, expect, it } from "vitest";
import { GET as keyFile } from "@/app/api/indexnow-key/[key]/route";
import { parseConfig, resetConfig } from "@/lib/config";
import nextConfig from "@/next.config";
import { backoffMs, FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from "./flush";
import { announcedSite, baiduOutcome, baiduSite, indexNowOutcome, keyLocation, permalink } from "./services";

const now = new Date("2025-03-05T02:00:00Z");
const KEY = "5c2b7f0e-9d8a-4b6c-8e1f-3a2d7b9c0e4f";

describe("settings", () => {
  it("takes an IndexNow key of 8–128 letters, digits and dashes, and defaults the endpoints", () => {
    const c = parseConfig({ INDEXNOW_KEY: KEY, BAIDU_PUSH_TOKEN: "edk7yc4rEZP9pDQD" });
    expect(c).toMatchObject({
      INDEXNOW_KEY: KEY,
      INDEXNOW_ENDPOINT: "https://api.indexnow.org/indexnow",
      BAIDU_PUSH_TOKEN: "edk7yc4rEZP9pDQD",
      BAIDU_PUSH_ENDPOINT: "http://data.zz.baidu.com/urls",
    });
    expect(parseConfig({}).INDEXNOW_KEY).toBeUndefined();
    expect(parseConfig({ INDEXNOW_ENDPOINT: "http://127.0.0.1:9000/indexnow" }).INDEXNOW_ENDPOINT).toBe("http://127.0.0.1:9000/indexnow");
  });

  it.each([
    ["INDEXNOW_KEY", "short"],
    ["INDEXNOW_KEY", "has_underscore_1234"],
    ["INDEXNOW_KEY", "x".repeat(129)],
    ["INDEXNOW_ENDPOINT", "ftp://api.indexnow.org/indexnow"],
    ["BAIDU_PUSH_ENDPOINT", "data.zz.baidu.com/urls"],
    ["BAIDU_PUSH_TOKEN", "has space"],
  ])("refuses %s=%s with a Chinese message naming it", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^配置错误：环境变量 ${name} 必须`));
  });
});

describe("the engines' answers", () => {
  it.each([
    [200, "sent", "已提交"],
    [202, "sent", "已收到，密钥待验证"],
    [400, "rejected", "请求格式有误"],
    [403, "rejected", "密钥无效：搜索引擎读不到密钥文件，或文件内容与密钥不符"],
    [422, "rejected", "网址不属于该站点，或密钥不符合协议"],
    [429, "retry", "请求过于频繁"],
    [500, "retry", "服务暂时不可用"],
    [503, "retry", "服务暂时不可用"],
    [404, "rejected", "未预期的回答"],
  ])("IndexNow %i is %s", (status, kind, result) => {
    expect(indexNowOutcome(status, null, now)).toMatchObject({ kind, status, result });
  });

  it("IndexNow's Retry-After, in seconds or as a date, sets the retry", () => {
    expect(indexNowOutcome(429, "300", now)).toMatchObject({ retryAfterSeconds: 300 });
    expect(indexNowOutcome(503, "Wed, 05 Mar 2025 02:10:00 GMT", now)).toMatchObject({ retryAfterSeconds: 600 });
  });

  it("Baidu: success with the quota left and the URLs it refused; over quota; a bad token; a site error; a fault", () => {
    const ok = JSON.stringify({ remain: 4_998, success: 2, not_same_site: ["https://other.example/1"], not_valid: [] });
    expect(baiduOutcome(200, ok, null, now)).toEqual({ kind: "sent", status: 200, remain: 4_998, result: "收下 2 条，1 条不属于本站，今日还可推送 4998 条" });
    expect(baiduOutcome(200, "<html>", null, now)).toMatchObject({ kind: "sent", result: "已提交（回答无法识别）" });
    expect(baiduOutcome(400, JSON.stringify({ error: 400, message: "over quota" }), null, now)).toMatchObject({ kind: "quota", result: "今日配额已用完" });
    expect(baiduOutcome(401, JSON.stringify({ error: 401, message: "token is not valid" }), null, now)).toMatchObject({ kind: "rejected", result: "token 无效" });
    expect(baiduOutcome(400, JSON.stringify({ error: 400, message: "site error" }), null, now)).toMatchObject({ kind: "rejected", result: "百度拒绝：site error" });
    expect(baiduOutcome(502, "", "60", now)).toMatchObject({ kind: "retry", status: 502, retryAfterSeconds: 60 });
  });

  it("backs off 1, 2, 4 … minutes up to an hour, or longer when the server asks (up to 6 hours)", () => {
    expect([1, 2, 3, 7, 20].map((n) => backoffMs(n))).toEqual([FIRST_BACKOFF_MS, 2 * FIRST_BACKOFF_MS, 4 * FIRST_BACKOFF_MS, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
    expect(backoffMs(1, 600)).toBe(600_000);
    expect(backoffMs(1, 86_400)).toBe(6 * 3_600_000);
  });
});

describe("the site announced", () => {
  it("is SITE_URL, never a local address; permalinks, the key's location and Baidu's site follow it", () => {
    const config = (SITE_URL?: string) => parseConfig({ SITE_URL });
    for (const local of [undefined, "http://localhost:3000", "http://127.0.0.1:3000", "http://0.0.0.0:3000", "http://[::1]:3000", "http://shiyue.localhost"]) {
      expect(announcedSite(config(local))).toBeNull();
    }
    const site = announcedSite(config("https://news.example.com/"))!;
    expect(site).toEqual({ base: "https://news.example.com", origin: "https://news.example.com", host: "news.example.com", protocol: "https:" });
    expect(permalink(site, 42)).toBe("https://news.example.com/articles/42");
    expect(keyLocation(site, KEY)).toBe(`https://news.example.com/${KEY}.txt`);
    expect(baiduSite(site)).toBe("https://news.example.com");
    expect(baiduSite(announcedSite(config("http://news.example.com:8080"))!)).toBe("news.example.com:8080");
  });
});

describe("the IndexNow key file", () => {
  afterEach(() => {
    delete process.env.INDEXNOW_KEY;
    resetConfig();
  });

  const fetchKey = async (key: string) => {
    const res = await keyFile(new Request(`http://localhost/api/indexnow-key/${key}`), { params: Promise.resolve({ key }) });
    return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
  };

  it("answers the configured key as plain text, 404 for another name or without a key", async () => {
    process.env.INDEXNOW_KEY = KEY;
    resetConfig();
    expect(await fetchKey(KEY)).toEqual({ status: 200, type: "text/plain; charset=utf-8", body: KEY });
    expect((await fetchKey("0123456789abcdef")).status).toBe(404);
    delete process.env.INDEXNOW_KEY;
    resetConfig();
    expect((await fetchKey(KEY)).status).toBe(404);
  });

  it("is reached at /{key}.txt through next.config.ts's fallback rewrite, which leaves every other path alone", async () => {
    const rewrites = await nextConfig.rewrites!();
    if (Array.isArray(rewrites)) throw new Error("expected the { fallback } form");
    const [rule] = rewrites.fallback ?? []; // only where nothing else answers
    expect(rule.destination).toBe("/api/indexnow-key/:key");
    const match = getPathMatch(rule.source, { removeUnnamedParams: true, strict: true });
    expect(match(`/${KEY}.txt`)).toEqual({ key: KEY });
    for (const path of ["/robots.txt", "/sitemap.xml", "/articles/42", `/a/${KEY}.txt`, `/${KEY}.txt/x`, "/under_score_key.txt", `/${"x".repeat(129)}.txt`]) {
      expect(match(path)).toBe(false);
    }
  });
});
