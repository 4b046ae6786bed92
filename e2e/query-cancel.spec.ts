import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort } from "../test/free-port";
import { MSG } from "../lib/messages";

// No query outlives its request, checked on the production server (the standalone build the journeys'
// global setup made) on PostgreSQL: Next.js aborts a route's request signal when the client closes the
// connection, and the app then cancels the query in PostgreSQL (lib/db/request-scope.ts); a statement over
// DB_STATEMENT_TIMEOUT_MS answers 503 and the server keeps serving. A second connection holds an ACCESS
// EXCLUSIVE lock on articles so every article read waits on it. Needs TEST_DATABASE_URL (CI sets it).
// Without TEST_DATABASE_URL, playwright.config.ts leaves this file out of the run (PGlite cancels nothing).
const base = process.env.TEST_DATABASE_URL!;

let dbUrl: string;
let dropDatabase: () => Promise<void>;

test.beforeAll(async () => {
  const name = `shiyue_e2e_cancel_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  dbUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
});

test.afterAll(async () => {
  await dropDatabase?.();
});

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["server.js"], {
    cwd: ".next/standalone",
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", DATABASE_URL: dbUrl, RUN_WORKER: "false", ...env },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
  return server;
}

async function withArticlesLocked<T>(fn: (watch: pg.Client) => Promise<T>): Promise<T> {
  const locker = new pg.Client({ connectionString: dbUrl });
  const watcher = new pg.Client({ connectionString: dbUrl });
  await Promise.all([locker.connect(), watcher.connect()]);
  try {
    await locker.query("begin");
    await locker.query("lock table articles in access exclusive mode");
    return await fn(watcher);
  } finally {
    await locker.query("rollback").catch(() => {});
    await Promise.all([locker.end(), watcher.end()]);
  }
}

/** Backends of the test database running a statement that waits on a lock (autocommit: fresh each call). */
async function waitingOnLock(watcher: pg.Client): Promise<number[]> {
  const { rows } = await watcher.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and state = 'active' and wait_event_type = 'Lock'`,
  );
  return rows.map((r) => r.pid);
}

async function register(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ account_name: `cancel${Date.now().toString(36)}`, password: "cancel-pass-123", agree_terms: true }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

test("search, feed and chat whose client goes away are cancelled in PostgreSQL within a second; the server keeps serving", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const server = await startServer(port, { DB_STATEMENT_TIMEOUT_MS: "60000" });
  try {
    const token = await register(port);
    const auth = { authorization: `Bearer ${token}` };
    const cases: { path: string; method?: string; headers?: Record<string, string>; body?: string }[] = [
      { path: `/api/v1/articles/search?keyword=${encodeURIComponent("慢查询")}` },
      { path: "/api/v1/articles?page=1&limit=5", headers: auth },
      // The chat's response stream has begun (200, event-stream) while its retrieval waits.
      {
        path: "/api/v1/chat",
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ message: "慢查询怎么排查" }),
      },
    ];
    for (const c of cases) {
      await withArticlesLocked(async (watcher) => {
        const req = request(`http://127.0.0.1:${port}${c.path}`, { method: c.method ?? "GET", headers: c.headers });
        req.on("error", () => {});
        req.end(c.body);
        let blocked: number[] = [];
        await expect.poll(async () => (blocked = await waitingOnLock(watcher)).length, { timeout: 10_000, intervals: [25] }).toBeGreaterThan(0);
        const left = performance.now();
        req.destroy();
        await expect
          .poll(async () => (await waitingOnLock(watcher)).filter((pid) => blocked.includes(pid)), { message: c.path, timeout: 1_000, intervals: [25] })
          .toEqual([]);
        expect(performance.now() - left).toBeLessThan(1_000);
      });
      const again = await fetch(`http://127.0.0.1:${port}${c.path}`, { method: c.method ?? "GET", headers: c.headers, body: c.body });
      expect(again.status).toBe(200);
      expect(await again.text()).not.toContain('"type":"error"');
    }
  } finally {
    server.kill("SIGKILL");
  }
});

test("a search over the statement timeout answers 503 with a Chinese detail, then the next one succeeds", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const server = await startServer(port, { DB_STATEMENT_TIMEOUT_MS: "500" });
  try {
    const path = `/api/v1/articles/search?keyword=${encodeURIComponent("慢查询")}`;
    await withArticlesLocked(async () => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ detail: MSG.searchTimeout });
    });
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    expect(res.status).toBe(200);
  } finally {
    server.kill("SIGKILL");
  }
});
