// Both databases: statement timeouts and cancellation (a server cancels a running query; PGlite runs one statement at a time).
// No query outlives its request (issue 17): through a real HTTP server, a client that goes away has its
// running query cancelled in PostgreSQL (seen in pg_stat_activity), a statement over DB_STATEMENT_TIMEOUT_MS
// answers 503 with a Chinese detail while the server keeps serving, and background work is not bound by the
// request timeout. Queries are made slow deterministically: a second connection holds an ACCESS EXCLUSIVE
// lock on articles, so every article read waits on it. On the embedded PGlite (one in-process connection,
// nothing can interrupt a query) the same code must simply keep answering.
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOn } from "@/test/one-database";
import * as chatRoute from "@/app/api/v1/chat/route";
import * as feedRoute from "@/app/api/v1/articles/route";
import * as favoritesRoute from "@/app/api/v1/favorites/route";
import * as searchRoute from "@/app/api/v1/articles/search/route";
import { resetConfig } from "@/lib/config";
import { closeDb, getDb, getDbHandle, getJobDb, limitRequestQueries } from "@/lib/db";
import { queryCanceled } from "@/lib/db/errors";
import { requestAborted, withRequestQueries } from "@/lib/db/request-scope";
import { articles, favorites } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { MSG } from "@/lib/messages";
import { startRouteServer, type RouteServer } from "@/test/route-server";
import { newUser } from "@/test/users";

let server: RouteServer;
let token: string;
let userId: number;

/** Reopens the app's database as the web server does, with this request statement timeout. */
async function reopen(timeoutMs: number) {
  await closeDb();
  process.env.DB_STATEMENT_TIMEOUT_MS = String(timeoutMs);
  resetConfig();
  limitRequestQueries(true);
  await getDb();
}

const SEARCH = `/api/v1/articles/search?keyword=${encodeURIComponent("慢查询")}`;
const FEED = "/api/v1/articles?page=1&limit=5";
const CHAT = "/api/v1/chat";
type Case = { path: string; json?: unknown; signedIn?: boolean };
const CASES: [name: string, Case][] = [
  ["search", { path: SEARCH }],
  // A visitor's page 1 is shared by every visitor (lib/articles/visitor-feed.ts): never cancelled with one of them.
  ["signed-in feed", { path: FEED, signedIn: true }],
  ["chat retrieval", { path: CHAT, json: { message: "慢查询怎么排查" }, signedIn: true }],
];
/** The request of a case, signed in when it says so. */
const send = ({ path, json, signedIn }: Case) => [path, { json, token: signedIn ? token : undefined }] as const;

beforeAll(async () => {
  await reopen(30_000);
  await seedDemoArticles(await getJobDb());
  ({ token, id: userId } = await newUser("cancel"));
  server = await startRouteServer({
    "/api/v1/articles/search": searchRoute,
    "/api/v1/articles": feedRoute,
    "/api/v1/chat": chatRoute,
    "/api/v1/favorites": favoritesRoute,
  });
});

afterAll(async () => {
  await server?.close();
  limitRequestQueries(false);
  delete process.env.DB_STATEMENT_TIMEOUT_MS;
  resetConfig();
});

// Only on PostgreSQL (reason): statement timeouts and cancel requests are PostgreSQL server features.
describeOn("postgres", "on PostgreSQL", () => {
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([locker.connect(), watcher.connect()]);
  });

  afterAll(async () => {
    await Promise.all([locker?.end(), watcher?.end()]);
  });

  /** Holds every read of articles until `fn` is done. */
  async function withArticlesLocked<T>(fn: () => Promise<T>): Promise<T> {
    await locker.query("begin");
    await locker.query("lock table articles in access exclusive mode");
    try {
      return await fn();
    } finally {
      await locker.query("rollback");
    }
  }

  /** Backends of this database whose statement is running (waiting on the lock counts). Autocommit: a fresh snapshot each time. */
  async function running(): Promise<{ pid: number; waiting: boolean }[]> {
    const { rows } = await watcher.query<{ pid: number; waiting: boolean }>(
      `select pid, wait_event_type = 'Lock' as waiting, query from pg_stat_activity
       where datname = current_database() and state = 'active' and pid not in (pg_backend_pid(), $1)`,
      [(locker as unknown as { processID: number }).processID],
    );
    return rows;
  }

  it.each(CASES)("%s: a client that goes away has its query cancelled within a second", async (_, c) => {
    await reopen(30_000); // far longer than the test: only the cancellation can end the query
    await withArticlesLocked(async () => {
      const { req } = server.open(...send(c));
      let blocked: number[] = [];
      await expect
        .poll(async () => (blocked = (await running()).filter((r) => r.waiting).map((r) => r.pid)).length, { timeout: 5_000, interval: 20 })
        .toBeGreaterThan(0);

      const left = performance.now();
      req.destroy();
      await expect
        .poll(async () => (await running()).filter((r) => blocked.includes(r.pid)), { timeout: 1_000, interval: 20 })
        .toEqual([]);
      expect(performance.now() - left).toBeLessThan(1_000);
    });
    // The server keeps serving, on the connections left in its pool and new ones.
    const again = await server.fetch(...send(c));
    expect(again.status).toBe(200);
  });

  it("a state change completes even when its client goes away (only reads are cancelled)", async () => {
    await reopen(30_000);
    const db = await getDb();
    const [article] = await db.select({ id: articles.id }).from(articles).limit(1);
    await withArticlesLocked(async () => {
      const { req, aborted } = server.open("/api/v1/favorites", { json: { article_id: article.id }, token });
      let blocked: number[] = [];
      await expect
        .poll(async () => (blocked = (await running()).filter((r) => r.waiting).map((r) => r.pid)).length, { timeout: 5_000, interval: 20 })
        .toBeGreaterThan(0);
      req.destroy();
      await aborted; // the server saw the client go away (its signal aborted: when a read's cancel is sent)
      expect((await running()).filter((r) => blocked.includes(r.pid)).length).toBeGreaterThan(0); // still waiting
    });
    await expect
      .poll(async () => (await db.select().from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.articleId, article.id)))).length)
      .toBe(1);
  });

  it("a request's concurrent queries keep their own connections (not serialized through one)", async () => {
    await reopen(30_000);
    const db = await getDb();
    const started = performance.now();
    await withRequestQueries({ signal: new AbortController().signal }, () =>
      Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.3)`))),
    );
    expect(performance.now() - started).toBeLessThan(800); // three at once, not 0.9 s one after another
  });

  it("the queries a request runs at once are all cancelled", async () => {
    await reopen(30_000);
    const db = await getDb();
    const gone = new AbortController();
    const work = withRequestQueries({ signal: gone.signal }, () =>
      Promise.allSettled([1, 2, 3].map(() => db.execute(sql`select pg_sleep(20)`))),
    );
    await expect.poll(async () => (await running()).length, { timeout: 5_000, interval: 20 }).toBe(3);
    gone.abort();
    const outcomes = await work;
    expect(outcomes.map((o) => o.status === "rejected" && queryCanceled(o.reason))).toEqual([true, true, true]);
    await expect.poll(async () => (await running()).length, { timeout: 1_000, interval: 20 }).toBe(0);
    // Refused at once after the abort, without reaching the database.
    const late = await withRequestQueries({ signal: gone.signal }, () => db.execute(sql`select 1`).then(() => null, (e: unknown) => e));
    expect(requestAborted(late)).toBe(true);
  });

  it("a statement over the timeout answers 503 with a Chinese detail, and the next request succeeds", async () => {
    await reopen(400);
    await withArticlesLocked(async () => {
      // A keyword no earlier test asked: a visitor's page already answered is served from memory
      // (lib/search/visitor-cache.ts) without reading articles, so it would not wait on the lock.
      const search = await server.fetch(`/api/v1/articles/search?keyword=${encodeURIComponent("超时排查")}`);
      expect(search).toMatchObject({ status: 503, body: { detail: MSG.searchTimeout } });
      const feed = await server.fetch(FEED, { token });
      expect(feed).toMatchObject({ status: 503, body: { detail: MSG.queryTimeout } });
      // The chat's stream has begun (200) when retrieval runs: the timeout is its error event.
      const chat = await server.fetch(CHAT, { json: { message: "慢查询怎么排查" }, token });
      expect(chat.status).toBe(200);
      expect(chat.text).toContain(`data: ${JSON.stringify({ type: "error", content: MSG.queryTimeout })}`);
      for (const answer of [search, feed]) expect(Object.keys(answer.body as object)).toEqual(["detail"]);
    });
    for (const [, c] of CASES) {
      const answer = await server.fetch(...send(c));
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('"type":"error"');
    }
  });

  it("background work is not bound by the request timeout", async () => {
    await reopen(400);
    const [db, jobDb] = [await getDb(), await getJobDb()];
    const setting = async (d: typeof db) => (await d.execute<{ statement_timeout: string }>(sql`show statement_timeout`)).rows[0].statement_timeout;
    expect(await setting(db)).toBe("400ms");
    expect(await setting(jobDb)).toBe("0");
    await expect(jobDb.execute(sql`select pg_sleep(0.6)`)).resolves.toBeTruthy();
    const err = await db.execute(sql`select pg_sleep(0.6)`).then(() => null, (e: unknown) => e);
    expect(queryCanceled(err)).toBe(true);
    // Migrations run on the job pool too.
    const handle = await getDbHandle();
    expect(handle.driver === "postgres" && handle.jobPool !== handle.pool).toBe(true);
  });
});

// Only on PGlite (reason): these pin what the embedded PGlite does instead (it cannot interrupt a query).
describeOn("pglite", "on the embedded PGlite", () => {
  it("answers with the same code; a client going away leaves the server serving", async () => {
    await reopen(400);
    for (const [, c] of CASES) {
      const { req } = server.open(...send(c));
      req.destroy();
      const answer = await server.fetch(...send(c));
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('"type":"error"');
    }
    // statement_timeout has no effect inside PGlite (no timer signals in its WebAssembly build): not set.
    expect((await getDbHandle()).driver).toBe("pglite");
  });
});
