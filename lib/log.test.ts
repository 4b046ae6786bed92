// Log levels that filter as named, and error lines that carry their cause without a failed query's SQL.
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "@/lib/config";
import { errorDetail, log, logFloor } from "./log";

describe("LOG_LEVEL", () => {
  it.each([
    [{}, "info"],
    [{ LOG_LEVEL: "" }, "info"],
    [{ LOG_LEVEL: "debug" }, "debug"],
    [{ LOG_LEVEL: "warn" }, "warn"],
    [{ LOG_LEVEL: "warning" }, "warn"],
    [{ LOG_LEVEL: " WARNING " }, "warn"],
    [{ LOG_LEVEL: "Error" }, "error"],
    [{ LOG_LEVEL: "verbose" }, "info"],
    [{ LOG_LEVEL: "error", LOG_DEBUG: "1" }, "debug"],
  ])("%j writes from %s up", (env, floor) => {
    expect(logFloor(env)).toBe(floor);
  });

  it("a level the logger does not know stops start-up, naming the variable", () => {
    expect(() => parseConfig({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL 只能是 debug、info、warn（或 warning）、error/);
    expect(() => parseConfig({ LOG_LEVEL: "warning" })).not.toThrow();
  });

  describe("writing", () => {
    const saved = process.env.LOG_LEVEL;
    afterEach(() => {
      vi.restoreAllMocks();
      if (saved === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = saved;
    });

    it("LOG_LEVEL=warning writes warn and error, and neither info nor debug", () => {
      const lines: string[] = [];
      vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
      vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
      process.env.LOG_LEVEL = "warning";
      log.debug("d");
      log.info("i");
      log.warn("w");
      log.error("e");
      expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["w", "e"]);
    });
  });
});

describe("errorDetail", () => {
  it("keeps the stack's frames and the cause", () => {
    const err = new Error("摘要失败", { cause: new Error("connect ECONNREFUSED 127.0.0.1:9") });
    const detail = errorDetail(err);
    expect(detail.error).toBe("摘要失败");
    expect(detail.stack).toMatch(/^Error: 摘要失败\n\s+at /);
    expect(detail.stack).toContain("log.test.ts");
    expect(detail.cause).toBe("connect ECONNREFUSED 127.0.0.1:9");
  });

  it("says a failed query's cause, never its SQL or parameters", () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_number_key"'), { code: "23505" });
    const err = new Error("Failed query: update users set phone_number = $1 where id = $2\nparams: 13812345678,7", { cause: pgError });
    const detail = errorDetail(err);
    expect(detail.error).toBe(pgError.message);
    expect(JSON.stringify(detail)).not.toMatch(/13812345678|update users/);
    expect(detail.stack).toMatch(/^Error: duplicate key value/);
  });

  it("takes what is not an Error", () => {
    expect(errorDetail("boom")).toEqual({ error: "boom" });
  });
});
