import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

function errorOf(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      PGLITE_DIR: "data/pglite",
      RUN_WORKER: true,
      ALLOW_PRIVATE_URLS: false,
      SEED_DEMO: "when-empty",
      SMS_PROVIDER: "console",
      AI_EMBEDDING_MIN_SIMILARITY: 0.4,
      DB_STATEMENT_TIMEOUT_MS: 5000,
      aiLocal: true,
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "0" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "80.5" }, "PORT"],
    [{ DATABASE_URL: "nonsense" }, "DATABASE_URL"],
    [{ DATABASE_URL: "mysql://root@localhost/x" }, "DATABASE_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ OPENAI_BASE_URL: "ftp://x" }, "OPENAI_BASE_URL"],
    [{ RUN_WORKER: "maybe" }, "RUN_WORKER"],
    [{ AI_EMBEDDING_MIN_SIMILARITY: "1.5" }, "AI_EMBEDDING_MIN_SIMILARITY"],
    [{ AI_EMBEDDING_MIN_SIMILARITY: "high" }, "AI_EMBEDDING_MIN_SIMILARITY"],
    [{ SMS_PROVIDER: "pigeon" }, "SMS_PROVIDER"],
    [{ DB_STATEMENT_TIMEOUT_MS: "5s" }, "DB_STATEMENT_TIMEOUT_MS"],
    [{ DB_STATEMENT_TIMEOUT_MS: "50" }, "DB_STATEMENT_TIMEOUT_MS"],
    [{ DB_STATEMENT_TIMEOUT_MS: "-1" }, "DB_STATEMENT_TIMEOUT_MS"],
    [{ DB_STATEMENT_TIMEOUT_MS: "1500.5" }, "DB_STATEMENT_TIMEOUT_MS"],
    [{ SMS_PROVIDER: "aliyun" }, "SMS_ACCESS_KEY_ID"],
    [{ COMMENTS_SAFETY_PROVIDER: "baidu" }, "COMMENTS_SAFETY_PROVIDER"],
    [{ COMMENTS_SAFETY_PROVIDER: "aliyun" }, "COMMENTS_SAFETY_ACCESS_KEY_ID"],
    [{ COMMENTS_SAFETY_PROVIDER: "tencent", COMMENTS_SAFETY_ACCESS_KEY_ID: "AKID" }, "COMMENTS_SAFETY_ACCESS_KEY_ID"],
    [{ COMMENTS_SAFETY_ENDPOINT: "ftp://green-cip.cn-shanghai.aliyuncs.com" }, "COMMENTS_SAFETY_ENDPOINT"],
    [{ COMMENTS_SAFETY_REGION: "上海" }, "COMMENTS_SAFETY_REGION"],
    [{ COMMENTS_SAFETY_BIZ_TYPE: "comment detection" }, "COMMENTS_SAFETY_BIZ_TYPE"],
    [{ REQUIRE_DATABASE_URL: "true" }, "DATABASE_URL"],
    [{ REQUIRE_DATABASE_URL: "true", DATABASE_URL: "postgres://u@h/db" }, "AUTH_SECRET"],
    [{ SUMMARY_FETCH_PORTS: "8080,redis" }, "SUMMARY_FETCH_PORTS"],
    [{ SUMMARY_FETCH_PORTS: "70000" }, "SUMMARY_FETCH_PORTS"],
    [{ SUMMARY_FETCH_PORTS: "8080;8443" }, "SUMMARY_FETCH_PORTS"],
  ])("rejects %j naming %s in one line", (env, variable) => {
    const err = errorOf(env);
    expect(err.variable).toBe(variable);
    expect(err.message).toContain(variable);
    expect(err.message).toMatch(/^配置错误：/);
    expect(err.message).not.toContain("\n");
  });

  it("reads SUMMARY_FETCH_PORTS as a list of ports (none when unset)", () => {
    expect(parseConfig({}).SUMMARY_FETCH_PORTS).toEqual([]);
    expect(parseConfig({ SUMMARY_FETCH_PORTS: " 8080, 8443,8080 " }).SUMMARY_FETCH_PORTS).toEqual([8080, 8443]);
    expect(errorOf({ SUMMARY_FETCH_PORTS: "0" }).message).toBe("配置错误：环境变量 SUMMARY_FETCH_PORTS 必须是以逗号分隔的端口号（1–65535），如 8080,8443（当前值：\"0\"）");
  });

  it("accepts a Postgres URL and switches SMS to none in production", () => {
    const c = parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/shiyue" });
    expect(c.DATABASE_URL).toBe("postgresql://postgres@127.0.0.1:5432/shiyue");
    expect(c.SMS_PROVIDER).toBe("none");
  });

  it("keeps console SMS for the embedded database in production", () => {
    expect(parseConfig({ NODE_ENV: "production" }).SMS_PROVIDER).toBe("console");
  });

  it("reads the comments' content-safety provider: none by default, aliyun or tencent with both keys", () => {
    const none = parseConfig({});
    expect(none.COMMENTS_SAFETY_PROVIDER).toBe("none");
    expect(none.COMMENTS_SAFETY_ENDPOINT).toBeUndefined();
    expect(parseConfig({ COMMENTS_SAFETY_PROVIDER: "" }).COMMENTS_SAFETY_PROVIDER).toBe("none");
    const keys = { COMMENTS_SAFETY_ACCESS_KEY_ID: " LTAI-id ", COMMENTS_SAFETY_ACCESS_KEY_SECRET: "secret" };
    expect(parseConfig({ COMMENTS_SAFETY_PROVIDER: "aliyun", ...keys, COMMENTS_SAFETY_REGION: "cn-beijing" })).toMatchObject({
      COMMENTS_SAFETY_PROVIDER: "aliyun",
      COMMENTS_SAFETY_ACCESS_KEY_ID: "LTAI-id",
      COMMENTS_SAFETY_REGION: "cn-beijing",
    });
    const tencent = parseConfig({
      COMMENTS_SAFETY_PROVIDER: "tencent",
      ...keys,
      COMMENTS_SAFETY_BIZ_TYPE: "shiyue_comments",
      COMMENTS_SAFETY_ENDPOINT: "http://127.0.0.1:9000/",
    });
    expect(tencent).toMatchObject({ COMMENTS_SAFETY_BIZ_TYPE: "shiyue_comments", COMMENTS_SAFETY_ENDPOINT: "http://127.0.0.1:9000/" });
    expect(errorOf({ COMMENTS_SAFETY_PROVIDER: "tencent" }).message).toBe(
      "配置错误：环境变量 COMMENTS_SAFETY_ACCESS_KEY_ID 使用 tencent 内容安全服务时必须设置 COMMENTS_SAFETY_ACCESS_KEY_ID 和 COMMENTS_SAFETY_ACCESS_KEY_SECRET",
    );
  });

  it("reads booleans and the seeding mode", () => {
    const c = parseConfig({ RUN_WORKER: "false", ALLOW_PRIVATE_URLS: "1", SEED_DEMO: "false" });
    expect(c.RUN_WORKER).toBe(false);
    expect(c.ALLOW_PRIVATE_URLS).toBe(true);
    expect(c.SEED_DEMO).toBe("never");
    expect(parseConfig({ SEED_DEMO: "true" }).SEED_DEMO).toBe("always");
  });

  it("reads the request statement timeout: milliseconds, 0 for none, empty for the default", () => {
    expect(parseConfig({ DB_STATEMENT_TIMEOUT_MS: "2500" }).DB_STATEMENT_TIMEOUT_MS).toBe(2500);
    expect(parseConfig({ DB_STATEMENT_TIMEOUT_MS: "0" }).DB_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(parseConfig({ DB_STATEMENT_TIMEOUT_MS: "" }).DB_STATEMENT_TIMEOUT_MS).toBe(5000);
  });

  it("uses the model provider when a key is set", () => {
    expect(parseConfig({ OPENAI_API_KEY: "sk-test" }).aiLocal).toBe(false);
  });
});
