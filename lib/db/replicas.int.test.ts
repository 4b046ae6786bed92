// Read replicas against a real streaming standby of the test server (scripts/local-replica.sh; .ci/run starts it):
// lag-tolerant reads go to it, a reader's own change reads back from the primary at once (in this process and, by
// the cookie the change's answer sets, in another), and a replica that is behind, down or no standby at all is
// left out.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as feed } from "@/app/api/v1/articles/route";
import { POST as like } from "@/app/api/v1/likes/[articleId]/route";
import { getConfig, resetConfig } from "@/lib/config";
import { closeDb, getDbHandle, getReadDb, openReadReplicas } from "@/lib/db";
import { registerCollectors } from "@/lib/metrics/collectors";
import { registry } from "@/lib/metrics";
import { call } from "@/test/api";
import { newArticles, newUser } from "@/test/users";
import { openDatabase } from "./client";
import { FRESH_COOKIE, forgetPins } from "./read-routing";
import { replicaName } from "./replicas";

const driver = process.env.TEST_DB_DRIVER;
const base = process.env.TEST_REPLICA_URL ?? "postgresql://postgres@127.0.0.1:5433/postgres";

/** Whether a standby answers at `base` (CI and this machine: scripts/local-replica.sh). */
async function standbyAnswers(): Promise<boolean> {
  if (driver !== "postgres") return false;
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return (await client.query<{ r: boolean }>("select pg_is_in_recovery() as r")).rows[0].r;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const replicaOf = (primaryUrl: string) => {
  const url = new URL(base);
  url.pathname = new URL(primaryUrl).pathname;
  return url.toString();
};
const onStandby = async (db: Awaited<ReturnType<typeof getReadDb>>) =>
  (await db.execute<{ r: boolean }>(sql`select pg_is_in_recovery() as r`)).rows[0].r;

// Skipped on int-pglite and where no standby answers on TEST_REPLICA_URL (reason): a streaming replica is a PostgreSQL server's; .ci/run starts one with scripts/local-replica.sh.
describe.skipIf(!(await standbyAnswers()))("read replicas", () => {
  let primaryUrl: string;
  let replicaUrl: string;

  beforeAll(async () => {
    primaryUrl = getConfig().DATABASE_URL!;
    replicaUrl = replicaOf(primaryUrl);
    await closeDb();
    process.env.DATABASE_READ_URL = replicaUrl;
    resetConfig();
    openReadReplicas();
    const handle = await getDbHandle();
    if (handle.driver !== "postgres") throw new Error("expected PostgreSQL");
    // The test's database was made on the primary a moment ago: wait for the standby to have it and say it is up.
    await vi.waitFor(() => expect(handle.replicas!.states()[0].up).toBe(true), { timeout: 30_000, interval: 100 });
  });
  afterAll(async () => {
    openReadReplicas(false);
    delete process.env.DATABASE_READ_URL;
    resetConfig();
    await closeDb();
  });

  it("sends lag-tolerant reads to the standby, which streams what the primary writes", async () => {
    expect(await onStandby(await getReadDb())).toBe(true);
    const [article] = await newArticles(1, "副本");
    await expect.poll(async () => (await (await getReadDb()).execute(sql`select 1 from articles where id = ${article.id}`)).rows.length).toBe(1);
    registerCollectors();
    const text = await registry().metrics();
    expect(text).toMatch(new RegExp(`shiyue_db_replica_up\\{replica="${replicaName(replicaUrl).replace(/[./]/g, "\\$&")}"\\} 1`));
    expect(text).toMatch(/shiyue_db_replica_lag_seconds\{replica="[^"]+"\} [\d.e-]+/);
    expect(text).toMatch(/shiyue_db_reads_total\{target="replica"\} [1-9]/);
  });

  it("shows a reader's like at once: their reads go to the primary, here and wherever the cookie goes", async () => {
    const [article] = await newArticles(1, "副本点赞");
    const reader = await newUser("replica");
    await vi.waitFor(async () => expect((await (await getReadDb()).execute(sql`select 1 from users where id = ${reader.id}`)).rows).toHaveLength(1));
    // The standby stops replaying (still up for REPLICA_MAX_LAG_MS): only the primary has the like.
    const admin = new pg.Client({ connectionString: replicaUrl });
    await admin.connect();
    await admin.query("select pg_wal_replay_pause()");
    let liked;
    try {
      liked = await call(like, `/api/v1/likes/${article.id}`, { method: "POST", token: reader.token, params: { articleId: String(article.id) } });
      expect(liked.status).toBe(200);
      const page = await call(feed, "/api/v1/articles/?page=1&limit=50", { token: reader.token });
      expect(page.body.data.items.find((a: { id: number }) => a.id === article.id)?.is_liked).toBe(true);
      const stale = await (await getReadDb()).execute(sql`select 1 from likes where user_id = ${reader.id}`);
      expect(stale.rows).toHaveLength(0); // what a read without the pin would have seen
    } finally {
      await admin.query("select pg_wal_replay_resume()");
      await admin.end();
    }
    const cookie = liked.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${FRESH_COOKIE}=${reader.id}\\.\\d{13}; Path=/; Max-Age=10; HttpOnly; SameSite=Lax`));
    expect(await onStandby(await getReadDb({ userId: reader.id }))).toBe(false);
    expect(await onStandby(await getReadDb({ userId: reader.id + 1 }))).toBe(true);

    // Another container knows nothing of it but the cookie the browser sends back.
    forgetPins();
    expect(await onStandby(await getReadDb({ userId: reader.id }))).toBe(true);
    await call(feed, "/api/v1/articles/?page=1&limit=5", { token: reader.token, headers: { cookie: cookie.split(";")[0] } });
    expect(await onStandby(await getReadDb({ userId: reader.id }))).toBe(false);
    // Someone else's cookie pins no one.
    forgetPins();
    const other = await newUser("replica_other");
    await call(feed, "/api/v1/articles/?page=1&limit=5", { token: other.token, headers: { cookie: cookie.split(";")[0] } });
    expect(await onStandby(await getReadDb({ userId: reader.id }))).toBe(true);
    expect(await onStandby(await getReadDb({ userId: other.id }))).toBe(true);
  });

  it("leaves out a replica that is behind, down, or not a standby", async () => {
    const admin = new pg.Client({ connectionString: replicaUrl });
    await admin.connect();
    const tight = await openDatabase({ databaseUrl: primaryUrl, readUrls: [replicaUrl], poolSize: 2 });
    try {
      if (tight.driver !== "postgres") throw new Error("expected PostgreSQL");
      await tight.replicas!.probed();
      // Replay paused on the standby while the primary writes: it falls behind and is left out.
      await admin.query("select pg_wal_replay_pause()");
      await newArticles(1, "落后");
      await expect.poll(() => tight.replicas!.states()[0].up, { timeout: 15_000 }).toBe(false);
      expect(tight.replicas!.pick()).toBeNull();
      await admin.query("select pg_wal_replay_resume()");
      await expect.poll(() => tight.replicas!.states()[0].up, { timeout: 15_000 }).toBe(true);
    } finally {
      await admin.query("select pg_wal_replay_resume()").catch(() => {});
      await admin.end();
      await tight.close();
    }

    const closedPort = new URL(replicaUrl);
    closedPort.port = "1";
    const notStandby = await openDatabase({ databaseUrl: primaryUrl, readUrls: [closedPort.toString(), primaryUrl], poolSize: 1 });
    try {
      if (notStandby.driver !== "postgres") throw new Error("expected PostgreSQL");
      await notStandby.replicas!.probed();
      expect(notStandby.replicas!.states().map((s) => s.up)).toEqual([false, false]);
      expect(notStandby.replicas!.pick()).toBeNull();
    } finally {
      await notStandby.close();
    }
  });
});
