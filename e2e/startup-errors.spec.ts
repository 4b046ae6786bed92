import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

// The production server (built by the journeys' global setup) started where it cannot work: it must stop at
// once with one clear Chinese line and exit code 1 — never a stack trace, never a half-started site.
async function startFails(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const server = spawn(process.execPath, ["server.js"], {
    cwd: ".next/standalone",
    env: { ...process.env, HOSTNAME: "127.0.0.1", NEXT_MANUAL_SIG_HANDLE: "true", DATABASE_URL: "", ...env },
  });
  let output = "";
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((done) => {
    const timer = setTimeout(() => server.kill("SIGKILL"), 30_000);
    server.on("exit", (c) => {
      clearTimeout(timer);
      done(c);
    });
  });
  return { code, output };
}

test("an unusable embedded data directory stops the start with a clear message", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "shiyue-bad-")), "a-file");
  writeFileSync(file, "not a directory");
  const { code, output } = await startFails({ PORT: "3395", PGLITE_DIR: join(file, "pglite") });
  expect(code).toBe(1);
  expect(output).toMatch(/启动失败：.*(数据目录|pglite)/);
  expect(output).not.toMatch(/\n\s+at /); // no stack trace
});

test("an unreachable PostgreSQL stops the start with a clear message", async () => {
  const { code, output } = await startFails({ PORT: "3396", DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
  expect(code).toBe(1);
  expect(output).toContain("无法连接 PostgreSQL（DATABASE_URL）");
  expect(output).not.toMatch(/\n\s+at /);
});

test("the container without SITE_URL stops the start with a clear message (links would point at localhost)", async () => {
  const { code, output } = await startFails({
    PORT: "3397",
    REQUIRE_DATABASE_URL: "true",
    DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere",
    AUTH_SECRET: "x".repeat(40),
    SITE_URL: "",
  });
  expect(code).toBe(1);
  expect(output).toContain("配置错误：环境变量 SITE_URL 未设置：此部署必须提供网站的公开地址");
  expect(output).not.toMatch(/\n\s+at /);
});
