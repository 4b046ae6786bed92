// Both databases: each driver's own parameter protocol is what keeps a payload out of the SQL.
// Not in test:quick: it imports every route, so every change reaches it; npm test runs it (docs/testing.md).
// SQL-ish, LIKE-wildcard, template and tsquery strings in every text parameter of every endpoint: the
// answers are ordinary (2xx, or a validation 4xx with a Chinese detail), never a 5xx; what is stored comes
// back verbatim; the tables are all still there with only the rows the successful calls added; and a search
// for a wildcard or an operator matches words, not everything.
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as searchRoute } from "@/app/api/v1/articles/search/route";
import { POST as loginRoute } from "@/app/api/v1/auth/login/route";
import { POST as chatRoute } from "@/app/api/v1/chat/route";
import { GET as statusRoute } from "@/app/api/summary/task/[id]/status/route";
import { searchFieldsFor } from "@/lib/search/text";
import { setSmsSenderForTests } from "@/lib/auth/sms";
import { getDb } from "@/lib/db";
import { articles, users } from "@/lib/db/schema";
import { call } from "@/test/api";
import { CJK, ENDPOINTS, newFixture, sampleSend, send, textFields, type Endpoint, type Field, type Fixture } from "@/test/endpoints";

const PAYLOADS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '"; drop table users; --',
  "'; drop table articles; --",
  "1; select pg_sleep(3); --",
  "' union select password_hash from users --",
  "' union select hashed_password, account_name from users --",
  "admin'--",
  "%",
  "_",
  "\\",
  "%%",
  "%_%",
  "\\%",
  "a%b_c",
  "$1",
  "$1 $2",
  "${}",
  "${jndi:ldap://x/a}",
  "{{7*7}}",
  "&",
  "|",
  "!",
  "<->",
  ":*",
  "a & b | !c <-> d:*",
  "'a':* & 'b'",
  "((((",
  "!!!!",
  "<2>",
  "\\x00",
  "E'\\\\'",
  "$$ language plpgsql $$",
  "中文' OR 1=1 --",
];

/** Text parameters plus the valid values that carry the text past validation (a link holding it). */
type Target = { e: Endpoint; field: Field; embed?: (t: string) => string; label: string };
const targets: Target[] = ENDPOINTS.flatMap((e) =>
  textFields(e).flatMap((field) => [
    { e, field, label: `${e.id} ${field.name}` },
    ...(field.embed ?? []).map((embed, i) => ({ e, field, embed, label: `${e.id} ${field.name} (inside a valid value ${i + 1})` })),
  ]),
);
const cases = targets.flatMap((t) => PAYLOADS.map((p) => [`${t.label}: ${JSON.stringify(p)}`, t, p] as const));

/** Articles whose text holds the very characters the payloads use, so a wildcard leak would show. */
const CORPUS = [
  { title: "百分之百%的把握：LIKE 通配符", content: "折扣 50% 以上，100% 真实" },
  { title: "下划线_命名与 snake_case", content: "变量名里的 _ 和 __init__" },
  { title: "反斜杠\\路径在 Windows 上", content: "C:\\Users\\读者" },
  { title: "OR 运算与 1=1 恒真式", content: "布尔代数入门" },
  { title: "在洱海边骑了一下午电动车", content: "风很大" },
];

let f: Fixture;
let usersBefore: number;
let articlesBefore: number;
let registered = 0;

async function counts() {
  const db = await getDb();
  const [[u], [a]] = await Promise.all([db.select({ n: count() }).from(users), db.select({ n: count() }).from(articles)]);
  return { users: Number(u.n), articles: Number(a.n) };
}

const logLevel = process.env.LOG_LEVEL;
beforeAll(async () => {
  process.env.LOG_LEVEL = "warn";
  setSmsSenderForTests({ name: "capture", send: async () => {} });
  const db = await getDb();
  await db.insert(articles).values(CORPUS.map((c, i) => ({ ...c, sourceUrl: `https://example.com/injection/${i}`, ...searchFieldsFor(c) })));
  f = await newFixture("inj");
  ({ users: usersBefore, articles: articlesBefore } = await counts());
});
afterAll(() => {
  setSmsSenderForTests(undefined);
  if (logLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = logLevel;
});
// Login lock-outs, SMS limits and the running-summary cap would answer 429 before the input is read.
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`delete from rate_limits`);
  await db.execute(sql`delete from sms_codes`);
  await db.execute(sql`delete from summary_tasks where status in ('pending', 'processing')`);
});

describe("injection strings in every text parameter", () => {
  it.each(cases)("%s", async (_name, t, payload) => {
    const base = sampleSend(t.e, f);
    const value = t.embed ? t.embed(payload) : payload;
    const s = t.field.in === "body" ? { ...base, form: false, body: { ...base.body, [t.field.name]: value } } : { ...base, [t.field.in]: { ...base[t.field.in], [t.field.name]: value } };
    const res = await send(t.e, s);
    const what = `${res.status} ${res.text.slice(0, 300)}`;
    expect(res.status, what).toBeLessThan(500);
    if (res.status >= 400) expect(res.body?.detail, what).toMatch(CJK);
    if (res.headers.get("content-type")?.startsWith("text/event-stream")) expect(res.text, what).not.toContain('"type":"error"');
    if (res.status >= 300) return;

    // What was accepted is stored and answered verbatim (trimmed), never interpreted.
    const stored = value.trim();
    if (t.e.id === "POST /api/v1/auth/register") {
      registered++;
      if (t.field.name === "display_name") expect(res.body.data.user.display_name).toBe(stored);
      if (t.field.name === "password") {
        const again = await call(loginRoute, "/api/v1/auth/login", { form: { username: base.body!.account_name as string, password: value } });
        expect(again.status, "the same SQL-looking password signs in").toBe(200);
      }
    }
    if (t.e.id === "PUT /api/v1/users/me") expect(res.body[t.field.name]).toBe(stored || null);
    if (t.e.id === "POST /api/summary/create-task") {
      const status = await call(statusRoute, `/api/summary/task/${res.body.task_id}/status`, { token: f.user.token, params: { id: res.body.task_id } });
      expect(status.body.url).toBe(stored);
    }
  });
});

// The client address (first X-Forwarded-For hop) goes into rate-limit keys and SMS rows.
const ADDRESSED = ["POST /api/v1/auth/login", "POST /api/v1/sms/send", "POST /api/v1/chat"];
const HEADER_PAYLOADS = PAYLOADS.filter((p) => p.trim() === p && p !== "" && /^[\x20-\xff]*$/.test(p)); // header values are bytes
describe("injection strings as the client address", () => {
  it.each(ADDRESSED.flatMap((id) => [...HEADER_PAYLOADS, "é\u00ff", "x".repeat(5000)].map((p) => [`${id}: ${JSON.stringify(p.slice(0, 40))}`, id, p] as const)))(
    "%s",
    async (_name, id, payload) => {
      const e = ENDPOINTS.find((x) => x.id === id)!;
      const res = await send(e, { ...sampleSend(e, f), token: null, headers: { "x-forwarded-for": `${payload}, 10.0.0.1`, "x-real-ip": payload } });
      expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
      if (res.status >= 400) expect(res.body?.detail).toMatch(CJK);
    },
  );
});

describe("the chat history", () => {
  let asker = 0;
  it.each(PAYLOADS)("carries %j as plain text", async (payload) => {
    const res = await call(chatRoute, "/api/v1/chat", {
      json: { message: payload.trim() || "你好", history: [{ role: "user", content: payload }, { role: "assistant", content: payload }] },
      peer: `10.9.${Math.floor(++asker / 250)}.${asker % 250}`,
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.text).not.toContain('"type":"error"');
  });
});

describe("search matches words, not patterns", () => {
  const findTotal = async (keyword: string) => {
    const res = await call(searchRoute, `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}&limit=50`);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    return { total: res.body.data.total as number, titles: (res.body.data.items as { title: string }[]).map((a) => a.title) };
  };

  it("finds the corpus by its words (the control)", async () => {
    expect((await findTotal("百分之百")).titles).toEqual([CORPUS[0].title]);
    expect((await findTotal("snake_case")).titles).toContain(CORPUS[1].title);
  });

  it.each(["%", "_", "\\", "%%", "%_%", "\\%", "'", "--", "<->", ":*", "&", "|", "!", "((((", "${}"])(
    "a keyword without letters or digits (%j) matches nothing, though titles hold those characters",
    async (keyword) => {
      expect(await findTotal(keyword)).toEqual({ total: 0, titles: [] });
    },
  );

  it("' OR 1=1 -- is the words or and 1: only the article holding both", async () => {
    expect((await findTotal("' OR 1=1 --")).titles).toEqual([CORPUS[3].title]);
  });

  it.each(PAYLOADS)("%j never matches every article", async (keyword) => {
    const { total } = await findTotal(keyword);
    expect(total).toBeLessThan((await counts()).articles);
  });
});

describe("afterwards", () => {
  it("every table is still there, with only the accounts registration created", async () => {
    const db = await getDb();
    const tables = await db.execute(sql`select count(*) as n from information_schema.tables where table_name in ('users', 'articles', 'likes', 'favorites', 'read_history', 'summary_tasks')`);
    expect(Number(tables.rows[0].n)).toBe(6);
    expect(registered).toBeGreaterThan(0);
    expect(await counts()).toEqual({ users: usersBefore + registered, articles: articlesBefore });
  });
});
