// The database going away under a running app: requests fail fast with 503 and a Chinese detail while it is
// down, and the same process recovers when it is back — no restart. PostgreSQL only: the embedded PGlite
// lives inside the process and cannot go down on its own, so on int-pglite the test is skipped.
import { afterAll, beforeAll, expect, it } from "vitest";
import { GET as feedRoute } from "@/app/api/v1/articles/route";
import { GET as readyRoute } from "@/app/api/ready/route";
import { resetConfig } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { startTcpProxy, type TcpProxy } from "@/test/tcp-proxy";

const postgres = process.env.TEST_DB_DRIVER === "postgres";
let proxy: TcpProxy;

beforeAll(async () => {
  if (!postgres) return;
  const direct = new URL(process.env.DATABASE_URL!);
  proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
  await getDb(); // migrate directly first
  await closeDb();
  const viaProxy = new URL(direct);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  process.env.DATABASE_URL = viaProxy.toString();
  resetConfig();
});

afterAll(async () => {
  if (!postgres) return;
  await closeDb();
  await proxy.close();
});

// Skipped on int-pglite (reason): an embedded database cannot go down behind a proxy; this runs on int-postgres.
it.skipIf(!postgres)("answers 503 quickly while the database is down and recovers without a restart", async () => {
  expect((await call(feedRoute, "/api/v1/articles?page=1")).status).toBe(200);

  proxy.down();
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await call(feedRoute, "/api/v1/articles?page=1");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: MSG.databaseUnavailable });
    expect(res.headers.get("retry-after")).toBe("5");
    expect(performance.now() - started).toBeLessThan(2_000);
  }
  expect((await call(readyRoute, "/api/ready")).status).toBe(503);

  proxy.up();
  await expect.poll(async () => (await call(feedRoute, "/api/v1/articles?page=1")).status, { timeout: 10_000 }).toBe(200);
  expect((await call(readyRoute, "/api/ready")).status).toBe(200);
});
