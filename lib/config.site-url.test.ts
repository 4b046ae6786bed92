// SITE_URL (lib/config.ts): required where the container runs (REQUIRE_DATABASE_URL, set by the Dockerfile), an
// origin only, and left unset by a local `npm start`, whose links then point at http://localhost:$PORT.
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseConfig, resetConfig } from "./config";
import { siteUrl } from "./site";

const container = { NODE_ENV: "production", REQUIRE_DATABASE_URL: "true", DATABASE_URL: "postgres://u@h/db", AUTH_SECRET: "x".repeat(32) };

function errorOf(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

describe("SITE_URL", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
  });

  it("is required by the container, with one Chinese line naming it", () => {
    const err = errorOf(container);
    expect(err.variable).toBe("SITE_URL");
    expect(err.message).toMatch(/^配置错误：环境变量 SITE_URL 未设置：此部署必须提供网站的公开地址/);
    expect(err.message).not.toContain("\n");
    expect(parseConfig({ ...container, SITE_URL: "https://shiyue.example.cn" }).SITE_URL).toBe("https://shiyue.example.cn");
  });

  it("is not required by npm start (production on this machine), whose links use localhost and its port", () => {
    expect(parseConfig({ NODE_ENV: "production" }).SITE_URL).toBeUndefined();
    expect(parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h/db" }).SITE_URL).toBeUndefined();
    process.env = { ...saved, NODE_ENV: "production", PORT: "3456" };
    delete process.env.SITE_URL;
    delete process.env.REQUIRE_DATABASE_URL;
    resetConfig();
    expect(siteUrl()).toBe("http://localhost:3456");
  });

  it.each([
    ["https://shiyue.example.cn/", "https://shiyue.example.cn"],
    ["https://Shiyue.Example.cn", "https://shiyue.example.cn"],
    ["http://127.0.0.1:8080/", "http://127.0.0.1:8080"],
    ["https://shiyue.example.cn:443", "https://shiyue.example.cn"],
  ])("keeps the origin of %s: %s", (given, origin) => {
    expect(parseConfig({ SITE_URL: given }).SITE_URL).toBe(origin);
  });

  it.each(["https://shiyue.example.cn/blog", "https://shiyue.example.cn/?from=x", "https://shiyue.example.cn/#top", "shiyue.example.cn", "ftp://shiyue.example.cn"])(
    "rejects %s, which would make wrong links",
    (given) => {
      const err = errorOf({ SITE_URL: given });
      expect(err.variable).toBe("SITE_URL");
      expect(err.message).toMatch(/^配置错误：环境变量 SITE_URL /);
    },
  );
});
