// The data export over the real database, through its route: every kind of row the account owns and nothing of
// anyone else's, no secret, and a check over every table with a user column so a new one cannot be forgotten.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportData } from "@/app/api/v1/users/me/export/route";
import { POST as favorite } from "@/app/api/v1/favorites/route";
import { POST as like } from "@/app/api/v1/likes/[articleId]/route";
import { POST as record } from "@/app/api/v1/user-read-history/record/route";
import { GET as digest } from "@/app/api/v1/digest/route";
import { hashPassword } from "@/lib/auth/password";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articles, comments, summaryTasks, users } from "@/lib/db/schema";
import { searchFieldsFor } from "@/lib/search/text";
import { call } from "@/test/api";
import { EXPORT_FORMAT, type AccountExport } from "./export";

/** Where each table holding a person's rows (a user_id column) appears in the export. */
const COVERED: Record<string, keyof AccountExport> = {
  likes: "likes",
  favorites: "favorites",
  comments: "comments",
  comment_likes: "comment_likes",
  comment_reports: "comment_reports",
  notifications: "notifications",
  read_history: "reading_history",
  summary_tasks: "summary_tasks",
  user_interests: "interests",
  user_vectors: "interests",
  digests: "digest",
  push_subscriptions: "push",
  push_messages: "push",
};

type Person = { id: number; token: string; account: string; ids: number[] };
let a: Person;
let b: Person;
let hash = "";

async function person(account: string, n: number): Promise<Person> {
  const db = await getDb();
  const [u] = await db.insert(users).values({ accountName: account, hashedPassword: hash, email: `${account}@example.com`, phoneNumber: `1390000${String(n).padStart(4, "0")}` }).returning();
  const rows = ["睡眠笔记", "跑步日记", "读书随想"].map((t, i) => {
    const title = `${t}${account}`;
    return { title, content: "正文", sourceUrl: `https://example.com/export/${account}/${i}`, ...searchFieldsFor({ title }) };
  });
  const ids = (await db.insert(articles).values(rows).returning({ id: articles.id })).map((r) => r.id);
  const token = await signToken(u.id);
  await call(like, `/api/v1/likes/${ids[0]}`, { method: "POST", token, params: { articleId: String(ids[0]) } });
  await call(favorite, "/api/v1/favorites", { token, json: { article_id: ids[1] } });
  await call(record, "/api/v1/user-read-history/record", { token, json: { article_id: ids[2] } });
  expect((await call(digest, "/api/v1/digest", { token })).status).toBe(200);
  await db.insert(comments).values({ userId: u.id, articleId: ids[0], content: `${account} 的评论` });
  await db.insert(summaryTasks).values({
    userId: u.id,
    url: `https://example.com/long/${account}`,
    normalizedUrl: `https://example.com/long/${account}`,
    method: "quick",
    status: "completed",
    progress: 100,
    completedAt: new Date(),
    result: { title: `${account} 的总结`, content: "## 要点", summary: "一", source_url: `https://example.com/long/${account}`, method: "quick", created_at: new Date().toISOString(), reused: false, article_id: null },
  });
  return { id: u.id, token, account, ids };
}

beforeAll(async () => {
  hash = await hashPassword("secret-pass-1");
  a = await person(`export_a_${process.pid}`, 1);
  b = await person(`export_b_${process.pid}`, 2);
});

describe("GET /api/v1/users/me/export", () => {
  it("answers one JSON file with every kind of row the account owns, and nothing of anyone else's", async () => {
    const res = await call(exportData, "/api/v1/users/me/export", { token: a.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="shiyue-export-${a.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(res.headers.get("cache-control")).toContain("no-store");
    const data = res.body as AccountExport;
    expect(data.format).toBe(EXPORT_FORMAT);
    expect(data.profile).toMatchObject({ id: a.id, account_name: a.account, email: `${a.account}@example.com`, has_password: true, personalized: true });
    expect(data.likes.map((r) => r.article_id)).toEqual([a.ids[0]]);
    expect(data.favorites.map((r) => r.article_id)).toEqual([a.ids[1]]);
    expect(data.reading_history).toEqual([expect.objectContaining({ article_id: a.ids[2], read_times: 1 })]);
    expect(data.comments).toEqual([expect.objectContaining({ article_id: a.ids[0], content: `${a.account} 的评论` })]);
    expect(data.summary_tasks).toEqual([expect.objectContaining({ url: `https://example.com/long/${a.account}`, status: "completed", result: expect.objectContaining({ title: `${a.account} 的总结` }) })]);
    expect(data.interests.labels.map((l) => l.label)).toEqual(expect.arrayContaining(["睡眠", "跑步"]));
    expect(data.digest).toMatchObject({ enabled: true, time: "07:30", private_feed: false });
    expect(data.digest.digests).toEqual([expect.objectContaining({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), sections: expect.any(Array) })]);

    // Nothing of B's, and no secret.
    expect(res.text).not.toContain(b.account);
    for (const id of b.ids) expect(JSON.stringify([data.likes, data.favorites, data.reading_history, data.comments])).not.toContain(`"article_id":${id},`);
    expect(res.text).not.toContain(hash);
    expect(res.text).not.toMatch(/hashed|token|argon2/i); // has_password (a yes or no) is all it says of the password
  });

  it("shows an article an operator took down as my-likes does: its title, no link (issue 42, row 4)", async () => {
    const db = await getDb();
    await db.update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, b.ids[0]));
    const data = (await call(exportData, "/api/v1/users/me/export", { token: b.token })).body as AccountExport;
    expect(data.likes).toEqual([expect.objectContaining({ article_id: b.ids[0], title: expect.stringContaining(b.account), source_url: null })]);
    expect(data.comments).toEqual([expect.objectContaining({ article_id: b.ids[0], source_url: null })]);
    expect(JSON.stringify(data)).not.toContain(`https://example.com/export/${b.account}/0`);
    expect(data.favorites).toEqual([expect.objectContaining({ source_url: `https://example.com/export/${b.account}/1` })]); // the others keep theirs
  });

  it("covers every table that holds a person's rows", async () => {
    const { rows } = await (await getDb()).execute<{ table_name: string }>(
      sql`select distinct table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id' order by 1`,
    );
    expect(rows.map((r) => r.table_name).filter((t) => !(t in COVERED))).toEqual([]);
  });

  it("needs a session", async () => {
    const res = await call(exportData, "/api/v1/users/me/export");
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/登录/);
  });
});
