// 删除 on the summary history through DELETE /api/summary/task/{id}: the owner's task goes with its link, someone
// else's is 404 and stays, a worker running it loses its lease, and an article made from it goes only while no
// operator published it and no other reader's task points to it — the attack this plays: a reader asking for the
// same page, then deleting their task or their whole account, used to take the first reader's submission with it.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE as deleteMe } from "@/app/api/v1/users/me/route";
import { hashPassword } from "@/lib/auth/password";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articles, summaryTasks, users } from "@/lib/db/schema";
import { renewLease } from "@/lib/summary/queue";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { POST as create } from "./create-task/route";
import { GET as history } from "./history/route";
import { POST as createArticle } from "./task/[id]/create-article/route";
import { DELETE as remove } from "./task/[id]/route";
import { GET as status } from "./task/[id]/status/route";

let n = 0;
const page = () => `https://example.com/delete-task/${process.pid}/${++n}`;
const start = async (token: string, url: string) => (await call(create, "/api/summary/create-task", { json: { url, method: "quick" }, token })).body.task_id as string;
const del = (token: string | undefined, id: string) => call(remove, `/api/summary/task/${id}`, { method: "DELETE", token, params: { id } });
const taskRow = async (uuid: string) => (await (await getDb()).select().from(summaryTasks).where(eq(summaryTasks.uuid, uuid)))[0];
const articleRow = async (id: number) => (await (await getDb()).select().from(articles).where(eq(articles.id, id)))[0];

async function finish(uuid: string) {
  const t = await taskRow(uuid);
  await (await getDb())
    .update(summaryTasks)
    .set({ status: "completed", progress: 100, completedAt: sql`now()`, result: { title: "要点", content: "## 要点\n\n- 一", summary: "一", source_url: t.url, method: t.method, created_at: new Date().toISOString(), reused: false, article_id: null } })
    .where(eq(summaryTasks.uuid, uuid));
}

/** A finished task added to the article list: the article id. */
async function submitted(token: string, url: string): Promise<{ task: string; article: number }> {
  const task = await start(token, url);
  await finish(task);
  const res = await call(createArticle, `/api/summary/task/${task}/create-article`, { method: "POST", token, params: { id: task } });
  expect(res.status).toBe(200);
  return { task, article: res.body.article_id as number };
}

describe("DELETE /api/summary/task/{id}", () => {
  it("removes the owner's task with its link: status 404, gone from the history", async () => {
    const a = await newUser("del");
    const url = page();
    const task = await start(a.token, url);
    const res = await del(a.token, task);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { task_id: task } });
    expect(await taskRow(task)).toBeUndefined();
    expect((await call(status, `/api/summary/task/${task}/status`, { token: a.token, params: { id: task } })).status).toBe(404);
    const listed = await call(history, "/api/summary/history?page=1&per_page=20", { token: a.token });
    expect(listed.body.items.map((i: { url: string }) => i.url)).not.toContain(url);
    const { rows } = await (await getDb()).execute<{ n: number }>(sql`select count(*)::int as n from summary_tasks where url = ${url}`);
    expect(rows[0].n).toBe(0);
    expect((await del(a.token, task)).status).toBe(404); // a second click
  });

  it("refuses someone else's task (404, the task stays), no token (401) and a malformed id (400)", async () => {
    const a = await newUser("del");
    const b = await newUser("del");
    const task = await start(a.token, page());
    const other = await del(b.token, task);
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe("总结任务不存在");
    expect(await taskRow(task)).toBeDefined();
    expect((await del(undefined, task)).status).toBe(401);
    const bad = await del(a.token, "not-a-uuid");
    expect(bad.status).toBe(400);
    expect(typeof bad.body.detail).toBe("string");
  });

  it("stops a worker running it: the lease names a row that is gone", async () => {
    const a = await newUser("del");
    const task = await start(a.token, page());
    const row = await taskRow(task);
    await (await getDb()).update(summaryTasks).set({ status: "processing", leaseOwner: "worker-1", leaseExpiresAt: sql`now() + interval '1 minute'` }).where(eq(summaryTasks.id, row.id));
    expect(await renewLease({ db: await getDb(), taskId: row.id, workerId: "worker-1" })).toBe(true);
    expect((await del(a.token, task)).status).toBe(200);
    expect(await renewLease({ db: await getDb(), taskId: row.id, workerId: "worker-1" })).toBe(false);
  });

  it("takes an unpublished article made from it, never a published one", async () => {
    const a = await newUser("del");
    const pending = await submitted(a.token, page());
    expect((await articleRow(pending.article)).reviewStatus).toBe("pending");
    expect((await del(a.token, pending.task)).status).toBe(200);
    expect(await articleRow(pending.article)).toBeUndefined();

    const published = await submitted(a.token, page());
    await (await getDb()).update(articles).set({ reviewStatus: null, hiddenAt: null }).where(eq(articles.id, published.article));
    expect((await del(a.token, published.task)).status).toBe(200);
    expect(await articleRow(published.article)).toBeDefined();
  });

  it("keeps a reader's submission when another reader who asked for the same page deletes their task or account", async () => {
    const first = await newUser("del");
    const url = page();
    const theirs = await submitted(first.token, url);

    const [row] = await (await getDb()).insert(users).values({ accountName: `copycat_${process.pid}_${++n}`, hashedPassword: await hashPassword("secret-pass-1") }).returning();
    const copycat = await signToken(row.id);
    const mine = await submitted(copycat, url); // 文章已在列表中: the same article
    expect(mine.article).toBe(theirs.article);
    expect((await del(copycat, mine.task)).status).toBe(200);
    expect(await articleRow(theirs.article)).toMatchObject({ reviewStatus: "pending" });

    await submitted(copycat, url);
    const gone = await call(deleteMe, "/api/v1/users/me", { method: "DELETE", token: copycat, json: { password: "secret-pass-1" } });
    expect(gone.status).toBe(200);
    expect(await articleRow(theirs.article)).toMatchObject({ reviewStatus: "pending" });

    // Its own reader's deletion takes it.
    expect((await del(first.token, theirs.task)).status).toBe(200);
    expect(await articleRow(theirs.article)).toBeUndefined();
  });
});
