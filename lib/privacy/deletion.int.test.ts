// Both databases: one transaction locking the account's rows (deadlocks only exist with concurrent connections).
// 注销账号 over the real database, through its route: confirmation, every row that is theirs gone (a check over
// every table with a user column), counters equal to their recount, audit rows kept without the person, the old
// token refused, the name and the phone free again, and the site's last operator kept.
import { eq, like as sqlLike, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { describeOn } from "@/test/one-database";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { POST as favorite } from "@/app/api/v1/favorites/route";
import { POST as like } from "@/app/api/v1/likes/[articleId]/route";
import { POST as record } from "@/app/api/v1/user-read-history/record/route";
import { GET as digest } from "@/app/api/v1/digest/route";
import { DELETE as deleteMe, GET as me } from "@/app/api/v1/users/me/route";
import { hashPassword } from "@/lib/auth/password";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { adminAudit, articles, commentLikes, commentReports, comments, notifications, pushMessages, pushSubscriptions, rateLimits, summaryTasks, users } from "@/lib/db/schema";
import { searchFieldsFor } from "@/lib/search/text";
import { call } from "@/test/api";
import { codeSentTo, wrongCode } from "@/test/sms-codes";

const PASSWORD = "secret-pass-1";
let hash = "";
let articleIds: number[] = [];
let n = 0;

async function person(opts: { password?: boolean; role?: "user" | "admin" } = {}) {
  const account = `leaver_${process.pid}_${++n}`;
  const phone = `1370000${String(n).padStart(4, "0")}`;
  const [u] = await (await getDb())
    .insert(users)
    .values({ accountName: account, hashedPassword: opts.password === false ? null : hash, phoneNumber: phone, phoneVerifiedAt: new Date(), email: `${account}@example.com`, role: opts.role ?? "user" })
    .returning();
  return { id: u.id, account, phone, token: await signToken(u.id) };
}

/** Everything a reader leaves behind: likes, a favourite, a reading, a comment, a summary task, interests, a code, limits, audit rows. */
async function actAs(p: Awaited<ReturnType<typeof person>>) {
  const db = await getDb();
  await call(like, `/api/v1/likes/${articleIds[0]}`, { method: "POST", token: p.token, params: { articleId: String(articleIds[0]) } });
  await call(favorite, "/api/v1/favorites", { token: p.token, json: { article_id: articleIds[1] } });
  await call(record, "/api/v1/user-read-history/record", { token: p.token, json: { article_id: articleIds[2] } });
  expect((await call(digest, "/api/v1/digest", { token: p.token })).status).toBe(200); // today's 今日精选, made for them
  const [comment] = await db.insert(comments).values({ userId: p.id, articleId: articleIds[0], content: "评论" }).returning({ id: comments.id });
  // A browser with notifications on, and one notification for it (lib/push).
  await db.insert(pushSubscriptions).values({ userId: p.id, endpoint: `https://fcm.googleapis.com/fcm/send/leave-${p.id}`, p256dh: "p", auth: "a" });
  await db.insert(pushMessages).values({ userId: p.id, kind: "reply", title: "有人回复了你的评论", body: "你好", url: "/" });
  await db.insert(commentLikes).values({ commentId: comment.id, userId: p.id });
  await db.insert(commentReports).values({ commentId: comment.id, reporterId: p.id, reason: "spam" });
  await db.insert(notifications).values({ userId: p.id, kind: "like", commentId: comment.id, articleId: articleIds[0] });
  // A summary turned into an article that waits for review: theirs until an operator publishes it.
  const [pending] = await db
    .insert(articles)
    .values({ title: `${p.account} 的总结`, sourceUrl: `https://example.com/private/${p.account}`, origin: "summary", reviewStatus: "pending", hiddenAt: new Date() })
    .returning({ id: articles.id });
  await db.insert(summaryTasks).values({ userId: p.id, url: `https://example.com/private/${p.account}`, normalizedUrl: `https://example.com/private/${p.account}`, method: "quick", articleId: pending.id });
  await codeSentTo(p.phone);
  await db.insert(rateLimits).values([`login:user:${p.id}`, `login:name:${p.account}`].map((key) => ({ key, count: 1, windowStart: new Date(), expiresAt: new Date(Date.now() + 60_000) })));
  await db.insert(adminAudit).values({ actorId: p.id, actorName: p.account, action: "article.hide", objectType: "article", objectId: String(articleIds[0]) });
}

/** Rows naming the person in every table with a user_id column (so a new table is checked too), and elsewhere. */
async function rowsOf(p: { id: number; phone: string; account: string }) {
  const db = await getDb();
  const { rows: tables } = await db.execute<{ table_name: string }>(
    sql`select distinct table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id' order by 1`,
  );
  const found: Record<string, number> = {};
  for (const { table_name } of tables) {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${p.id}`);
    found[table_name] = Number(rows[0].n);
  }
  const count = async (q: ReturnType<typeof sql>) => Number((await db.execute<{ n: number }>(q)).rows[0].n);
  found.users = await count(sql`select count(*)::int as n from users where id = ${p.id}`);
  found.sms_codes = await count(sql`select count(*)::int as n from sms_codes where phone = ${p.phone}`);
  found.rate_limits = await count(sql`select count(*)::int as n from rate_limits where key in (${`login:user:${p.id}`}, ${`login:name:${p.account}`})`);
  found.pending_summary_articles = await count(sql`select count(*)::int as n from articles where source_url = ${`https://example.com/private/${p.account}`}`);
  found.audit_actor = await count(sql`select count(*)::int as n from admin_audit where actor_id = ${p.id} or actor_name = ${p.account}`);
  return found;
}

/**
 * This test's articles' like and favourite counters against a recount of the rows (the triggers keep them;
 * comment_cnt is the source's figure and view_cnt counts readings, not rows).
 */
async function countersDrift() {
  const { rows } = await (await getDb()).execute<{ id: number }>(sql`
    select a.id from articles a
    where a.id = any(${sql.param(articleIds)}::int[])
      and (a.like_cnt <> (select count(*) from likes l where l.article_id = a.id)
        or a.favorite_cnt <> (select count(*) from favorites f where f.article_id = a.id))`);
  return rows.map((r) => r.id);
}

const remove = (token: string, json?: unknown) => call(deleteMe, "/api/v1/users/me", { method: "DELETE", token, ...(json === undefined ? {} : { json }) });

beforeAll(async () => {
  hash = await hashPassword(PASSWORD);
  const rows = ["睡眠笔记", "跑步日记", "读书随想"].map((title, i) => ({ title, content: "正文", sourceUrl: `https://example.com/leave/${process.pid}/${i}`, ...searchFieldsFor({ title }) }));
  articleIds = (await (await getDb()).insert(articles).values(rows).returning({ id: articles.id })).map((r) => r.id);
});

describe("DELETE /api/v1/users/me", () => {
  it("removes the account and every row that is theirs, keeps counters right and audit rows without the person", async () => {
    const leaver = await person({ role: "admin" });
    const stayer = await person();
    await person({ role: "admin" }); // another operator, so the leaver may go
    await actAs(leaver);
    await actAs(stayer);
    const had = await rowsOf(leaver);
    // A row of every kind to remove (user_vectors only fills with an embedding model: recommendations.int.test.ts).
    expect(Object.entries(had).filter(([table, count]) => count === 0 && table !== "user_vectors")).toEqual([]);
    const before = await rowsOf(stayer);
    const [liked] = await (await getDb()).select({ likes: articles.likeCnt }).from(articles).where(eq(articles.id, articleIds[0]));
    expect(liked.likes).toBe(2);

    const res = await remove(leaver.token, { password: PASSWORD, user_id: stayer.id });
    expect([res.status, res.body]).toEqual([200, { deleted: true }]);

    const left = await rowsOf(leaver);
    expect(Object.entries(left).filter(([, count]) => count > 0)).toEqual([]);
    expect(await rowsOf(stayer)).toEqual(before); // the body named someone else: only the caller goes
    expect(await countersDrift()).toEqual([]);
    const [after] = await (await getDb()).select({ likes: articles.likeCnt }).from(articles).where(eq(articles.id, articleIds[0]));
    expect(after.likes).toBe(1); // the leaver's like went, and its count with it
    const audit = await (await getDb()).select().from(adminAudit).where(sqlLike(adminAudit.actorName, "已注销用户 %"));
    expect(audit.map((r) => [r.actorId, r.action])).toContainEqual([null, "article.hide"]);
    expect(audit.every((r) => !r.actorName.includes(leaver.account))).toBe(true);

    // The old token stops at once; the name and the phone number are free again.
    expect((await call(me, "/api/v1/users/me", { token: leaver.token })).status).toBe(401);
    const again = await call(register, "/api/v1/auth/register", { json: { account_name: leaver.account, password: "another-pass", agree_terms: true } });
    expect(again.status).toBe(200);
    await (await getDb()).insert(users).values({ accountName: `phone_again_${process.pid}`, phoneNumber: leaver.phone, phoneVerifiedAt: new Date() });
  });

  it("is refused without its confirmation, with a wrong password, or with someone else's token for nothing", async () => {
    const p = await person();
    expect((await remove(p.token)).status).toBe(400);
    const none = await remove(p.token, {});
    expect([none.status, none.body.detail]).toEqual([400, "请输入密码以确认注销账号"]);
    const typed = await remove(p.token, { password: 123456 });
    expect([typed.status, typed.body.detail]).toEqual([400, "参数 password：密码必须是文本"]);
    const wrong = await remove(p.token, { password: "not-it" });
    expect([wrong.status, wrong.body.detail]).toEqual([400, "密码错误"]);
    expect((await remove("not-a-token", { password: PASSWORD })).status).toBe(401);
    expect((await rowsOf(p)).users).toBe(1);
  });

  it("an account without a password confirms with a code sent to its phone", async () => {
    const p = await person({ password: false });
    const none = await remove(p.token, { password: PASSWORD });
    expect([none.status, none.body.detail]).toEqual([400, "请输入手机验证码以确认注销账号"]);
    const code = await codeSentTo(p.phone);
    expect((await remove(p.token, { code: wrongCode(code) })).status).toBe(400);
    expect((await rowsOf(p)).users).toBe(1);
    expect((await remove(p.token, { code })).status).toBe(200);
    expect((await rowsOf(p)).users).toBe(0);
  });

  it("keeps one of two operators who leave together when nobody else is left", async () => {
    const db = await getDb();
    await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    const [a, b] = [await person({ role: "admin" }), await person({ role: "admin" })];
    const answers = await Promise.all([remove(a.token, { password: PASSWORD }), remove(b.token, { password: PASSWORD })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("keeps the site's last operator", async () => {
    const db = await getDb();
    await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    const last = await person({ role: "admin" });
    const res = await remove(last.token, { password: PASSWORD });
    expect([res.status, res.body.detail]).toEqual([409, "你是唯一的运营者，不能注销账号：请先授权另一位运营者"]);
    expect((await rowsOf(last)).users).toBe(1);
  });
});

// Only on PostgreSQL (reason): waiting on another transaction's row lock needs two connections; PGlite has one.
describeOn("postgres", "DELETE /api/v1/users/me with rows locked by another transaction", () => {
  it("lets two operators leave at once while a fellow operator's row is busy: no deadlock, no 500 (issue 42, row 9)", async () => {
    // Each used to lock their own row, then the other operators': whoever got a row the other needed first, waited for
    // the other's own row, while the other waited for it. Hold the row of one who stays until both are waiting.
    const stayer = await person({ role: "admin" });
    const [a, b] = [await person({ role: "admin" }), await person({ role: "admin" })];
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select 1 from users where id = $1 for update", [stayer.id]);
      const answers = Promise.all([remove(a.token, { password: PASSWORD }), remove(b.token, { password: PASSWORD })]);
      const waiting = async () =>
        (await holder.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].n;
      await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
      await holder.query("commit");
      expect((await answers).map((r) => r.status)).toEqual([200, 200]);
    } finally {
      await holder.end();
    }
  });
});
