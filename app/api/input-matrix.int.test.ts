// Not in test:quick: it imports every route, so every change reaches it; npm test runs it (docs/testing.md).
// Generated input cases for every endpoint in test/endpoints.ts: wrong types, missing fields, huge and
// out-of-range numbers, unicode edge cases (NUL bytes, lone surrogates, RTL overrides, ZWJ emoji,
// full-width digits), malformed JSON, wrong content types, bodies over each route's limit and methods a
// route does not implement. Whatever the input, the answer is never a 5xx; a 4xx carries a Chinese
// `detail`; and a rejected call changes no rows.
import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setSmsSenderForTests } from "@/lib/auth/sms";
import { getDb } from "@/lib/db";
import {
  CJK,
  ENDPOINTS,
  HTTP_METHODS,
  MISSING,
  newFixture,
  RawJson,
  routeFiles,
  sampleSend,
  send,
  type Endpoint,
  type Field,
  type Fixture,
  type Send,
} from "@/test/endpoints";

/** "4xx": any client error; "any": 2xx or 4xx (the input is legitimately valid, or validity depends on state). */
type Expect = "4xx" | "any" | number;
type Case = { name: string; expect: Expect; make: (base: Send, f: Fixture) => Send };

const MB = 1024 * 1024;

// ── Values ─────────────────────────────────────────────────────────────────────────────────────────────

/** Text that may well be valid somewhere: emoji in a keyword, RTL in a bio. */
const UNICODE: [string, string][] = [
  ["emoji", "读书😀🎉"],
  ["a ZWJ emoji sequence", "👨‍👩‍👧‍👦"],
  ["an RTL override U+202E", "abc\u202Edef"],
  ["a NUL byte inside", "ab\u0000cd"],
  ["only NUL bytes", "\u0000\u0000"],
  ["a lone high surrogate", "x\ud800y"],
  ["a lone low surrogate", "\udc00"],
  ["full-width digits", "１２３"],
  ["combining marks", "e\u0301\u0302\u0303\u0304"],
  ["zalgo", "Z̷̢̛a̵l̸g̶o̷"],
  ["a BOM and a zero-width space", "\uFEFFa\u200Bb"],
  ["control characters", "a\tb\nc\u0007\u001b[31m"],
  ["line and paragraph separators", "a\u2028b\u2029c"],
  ["Arabic", "مرحبا بالعالم"],
  ["Chinese", "中文内容"],
  ["an empty string", ""],
  ["only spaces", "   "],
  ["ideographic spaces", "\u3000\u3000"],
];
/** For ids, numbers, enums and flags, where none of these is valid. */
const UNICODE_SHORT = UNICODE.filter(([label]) =>
  ["emoji", "a ZWJ emoji sequence", "an RTL override U+202E", "a NUL byte inside", "a lone high surrogate", "full-width digits", "combining marks", "an empty string"].includes(label),
);

/** Number-like query and path strings that no positive-integer parameter accepts. */
const BAD_INT_STRINGS: [string, string][] = [
  ["letters", "abc"],
  ["a negative number", "-1"],
  ["zero", "0"],
  ["a fraction", "1.5"],
  ["an exponent", "1e3"],
  ["hex", "0x10"],
  ["a plus sign", "+1"],
  ["full-width digits", "１２３"],
  ["Arabic-Indic digits", "٣"],
  ["MAX_SAFE_INTEGER + 1", "9007199254740992"],
  ["1e309", "1e309"],
  ["NaN", "NaN"],
  ["Infinity", "Infinity"],
  ["a trailing NUL", "1\u0000"],
  ["a 10,000-digit number", "9".repeat(10_000)],
];

// ── Case generators ────────────────────────────────────────────────────────────────────────────────────

function withField(base: Send, field: Field, value: unknown): Send {
  if (field.in === "body") return { ...base, form: false, body: { ...base.body, [field.name]: value } };
  return { ...base, [field.in]: { ...base[field.in], [field.name]: value } };
}

const fieldCase = (field: Field, name: string, value: unknown | ((f: Fixture) => unknown), expect: Expect): Case => ({
  name: `${field.in} ${field.name}: ${name}`,
  expect,
  make: (base, f) => withField(base, field, typeof value === "function" ? (value as (f: Fixture) => unknown)(f) : value),
});

/** Wrong JSON types for a body field that is not of that type. */
function wrongTypes(field: Field, skip: string[] = []): Case[] {
  const cases: [string, unknown, Expect][] = [
    ["a number", 123, "4xx"],
    ["a fraction", 1.5, "4xx"],
    ["a string", "123", "4xx"],
    ["a boolean", true, "4xx"],
    ["an empty array", [], "4xx"],
    ["an array", ["a", 1], "4xx"],
    ["an object", { a: 1 }, "4xx"],
    ["null", null, field.nullable ? "any" : "4xx"],
  ];
  return cases.filter(([name]) => !skip.includes(name)).map(([name, value, expect]) => fieldCase(field, name, value, expect));
}

const missing = (field: Field): Case => fieldCase(field, "missing", MISSING, field.required ? "4xx" : "any");

function textCases(field: Field): Case[] {
  const cases = UNICODE.map(([name, value]) => fieldCase(field, name, value, "any"));
  for (const [i, embed] of (field.embed ?? []).entries()) {
    cases.push(...UNICODE.map(([name, value]) => fieldCase(field, `${name} inside a valid value (${i + 1})`, embed(value), "any")));
  }
  cases.push(
    fieldCase(field, "10,000 characters", "a".repeat(10_000), "4xx"),
    fieldCase(field, "SQL-looking text", "1' OR '1'='1", "any"),
    fieldCase(field, "a number as a string", "99999999999", "any"),
  );
  if (field.in === "body") {
    cases.push(...wrongTypes(field, ["a string"]), fieldCase(field, "a 1 MB string", "a".repeat(MB), 413));
  }
  if (field.in !== "params") cases.push(missing(field));
  return cases;
}

function intCases(field: Field): Case[] {
  const unicode = UNICODE_SHORT.map(([name, value]) => fieldCase(field, name, value, "4xx"));
  if (field.in === "body") {
    const json: [string, unknown, Expect][] = [
      ["0", 0, "4xx"],
      ["-1", -1, "4xx"],
      ["1.5", 1.5, "4xx"],
      ["99999999999 (beyond int4)", 99_999_999_999, "4xx"],
      ["2147483648 (int4 max + 1)", 2_147_483_648, "4xx"],
      ["2147483647 (int4 max)", 2_147_483_647, "4xx"], // no such article: 404
      ["MAX_SAFE_INTEGER + 1", Number.MAX_SAFE_INTEGER + 1, "4xx"],
      ["1e309", new RawJson("1e309"), "4xx"],
      ["-1e309", new RawJson("-1e309"), "4xx"],
      ["-0", new RawJson("-0"), "4xx"],
      ["1e-7", new RawJson("1e-7"), "4xx"],
      ["a number written 1.0", new RawJson("1.0"), "any"],
      ["a digit string", (f: Fixture) => String(f.articleIds[0]), "any"],
      ["a digit string beyond int4", "99999999999", "4xx"],
      ["a padded digit string", " 1", "4xx"],
    ];
    return [
      ...json.map(([name, value, expect]) => fieldCase(field, name, value, expect)),
      ...BAD_INT_STRINGS.map(([name, value]) => fieldCase(field, `the string ${name}`, value, "4xx")),
      ...wrongTypes(field, ["a number", "a fraction", "a string"]),
      ...unicode,
      missing(field),
    ];
  }
  const cases = BAD_INT_STRINGS.map(([name, value]) => fieldCase(field, name, value, "4xx"));
  cases.push(...unicode);
  if (field.in === "params") {
    cases.push(
      fieldCase(field, "99999999999 (beyond int4)", "99999999999", "4xx"),
      fieldCase(field, "MAX_SAFE_INTEGER", String(Number.MAX_SAFE_INTEGER), "4xx"),
      fieldCase(field, "an unknown id", "999999999", "4xx"),
      fieldCase(field, "leading zeros", "000000001", "any"),
      fieldCase(field, "surrounding spaces", " 1 ", "4xx"),
      fieldCase(field, "SQL after the id", "1 OR 1=1", "4xx"),
    );
  } else {
    cases.push(
      fieldCase(field, "99999999999 (beyond int4)", "99999999999", "any"),
      fieldCase(field, "MAX_SAFE_INTEGER", String(Number.MAX_SAFE_INTEGER), "any"),
      fieldCase(field, "10000", "10000", "any"),
      fieldCase(field, "2", "2", "any"),
      fieldCase(field, "leading zeros", "0001", "any"),
      fieldCase(field, "surrounding spaces", " 2 ", "any"),
      missing(field),
    );
  }
  return cases;
}

function uuidCases(field: Field): Case[] {
  return [
    fieldCase(field, "not a uuid", "not-a-uuid", "4xx"),
    fieldCase(field, "an unknown uuid", "3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6c", "4xx"),
    fieldCase(field, "the nil uuid", "00000000-0000-0000-0000-000000000000", "4xx"),
    fieldCase(field, "upper case", (f: Fixture) => f.taskId.toUpperCase(), "any"),
    fieldCase(field, "in braces", (f: Fixture) => `{${f.taskId}}`, "4xx"),
    fieldCase(field, "with a trailing NUL", (f: Fixture) => `${f.taskId}\u0000`, "4xx"),
    fieldCase(field, "a number", "12", "4xx"),
    fieldCase(field, "10,000 characters", "a".repeat(10_000), "4xx"),
    fieldCase(field, "SQL", "' OR 1=1 --", "4xx"),
    ...UNICODE_SHORT.map(([name, value]) => fieldCase(field, name, value, "4xx")),
  ];
}

function enumCases(field: Field): Case[] {
  const [first] = field.values!;
  const cases = [
    ...field.values!.map((v) => fieldCase(field, `the value ${v}`, v, "any")),
    fieldCase(field, "upper case", first.toUpperCase(), first === first.toUpperCase() ? "any" : "4xx"),
    fieldCase(field, "an unknown value", "popular", "4xx"),
    fieldCase(field, "a leading space", ` ${first}`, "4xx"),
    fieldCase(field, "a trailing NUL", `${first}\u0000`, "4xx"),
    fieldCase(field, "10,000 characters", "a".repeat(10_000), "4xx"),
    ...UNICODE_SHORT.map(([name, value]) => fieldCase(field, name, value, "4xx")),
  ];
  if (field.in === "body") cases.push(...wrongTypes(field, ["a string"]));
  cases.push(missing(field));
  return cases;
}

function boolCases(field: Field): Case[] {
  return [
    fieldCase(field, "true", true, "any"),
    fieldCase(field, "false", false, "any"),
    fieldCase(field, "the string true", "true", "4xx"),
    fieldCase(field, "1", 1, "4xx"),
    fieldCase(field, "0", 0, "4xx"),
    ...wrongTypes(field, ["a boolean", "a string"]),
    missing(field),
  ];
}

function listCases(field: Field): Case[] {
  const item = (content: unknown, role: unknown = "user") => ({ role, content });
  const nested = (depth: number): unknown => (depth ? [nested(depth - 1)] : []);
  return [
    fieldCase(field, "an empty list", [], "any"),
    fieldCase(field, "20 items", Array.from({ length: 20 }, (_, i) => item(`第${i}条`, i % 2 ? "assistant" : "user")), "any"),
    fieldCase(field, "21 items", Array.from({ length: 21 }, () => item("多")), "4xx"),
    // The most the chat client sends (it keeps 20 turns of up to 8,000 characters): in Chinese, 480 KB.
    fieldCase(field, "20 items of 8,000 Chinese characters", Array.from({ length: 20 }, (_, i) => item("长".repeat(8000), i % 2 ? "assistant" : "user")), 200),
    fieldCase(field, "an item of 8,001 characters", [item("a".repeat(8001))], "4xx"),
    fieldCase(field, "an unknown role", [item("x", "system")], "4xx"),
    fieldCase(field, "a numeric role", [item("x", 1)], "4xx"),
    fieldCase(field, "an item without content", [{ role: "user" }], "4xx"),
    fieldCase(field, "numeric content", [item(42)], "4xx"),
    fieldCase(field, "null content", [item(null)], "4xx"),
    fieldCase(field, "a null item", [null], "4xx"),
    fieldCase(field, "a string item", ["hello"], "4xx"),
    fieldCase(field, "nested arrays 200 deep", nested(200), "4xx"),
    fieldCase(field, "unicode edge cases in content", UNICODE.map(([, v]) => item(v)).slice(0, 20), "any"),
    fieldCase(field, "an item with extra keys", [{ role: "user", content: "x", name: "evil", tool_calls: [] }], "any"),
    ...wrongTypes(field, ["an empty array", "an array"]),
    missing(field),
  ];
}

/** A JSON list of row ids (which notifications to mark read). */
function idsCases(field: Field): Case[] {
  return [
    fieldCase(field, "an empty list", [], "any"),
    fieldCase(field, "100 ids", Array.from({ length: 100 }, (_, i) => i + 1), "any"),
    fieldCase(field, "101 ids", Array.from({ length: 101 }, (_, i) => i + 1), "4xx"),
    fieldCase(field, "the largest id", [2_147_483_647], "any"),
    fieldCase(field, "an id past int4", [2_147_483_648], "4xx"),
    fieldCase(field, "zero", [0], "4xx"),
    fieldCase(field, "a negative id", [-1], "4xx"),
    fieldCase(field, "a fraction", [1.5], "4xx"),
    fieldCase(field, "a digit string", ["1"], "4xx"),
    fieldCase(field, "a null item", [null], "4xx"),
    fieldCase(field, "nested lists", [[1]], "4xx"),
    ...wrongTypes(field, ["an empty array", "an array"]),
    missing(field),
  ];
}

function casesFor(field: Field): Case[] {
  switch (field.kind) {
    case "text":
      return textCases(field);
    case "int":
      return intCases(field);
    case "uuid":
      return uuidCases(field);
    case "enum":
      return enumCases(field);
    case "bool":
      return boolCases(field);
    case "list":
      return listCases(field);
    case "ids":
      return idsCases(field);
  }
}

/** A JSON body of exactly `bytes` bytes: the sample's fields plus an ignored padding field. */
function paddedBody(base: Send, bytes: number, pad = "a"): string {
  const prefix = JSON.stringify({ ...base.body, __pad: "" }).slice(0, -2);
  const room = bytes - Buffer.byteLength(prefix) - 2;
  const unit = Buffer.byteLength(pad);
  return `${prefix}${pad.repeat(Math.floor(room / unit))}${"a".repeat(room % unit)}"}`;
}

function bodyCases(e: Endpoint): Case[] {
  const limit = e.bodyLimit!;
  const raw = (name: string, text: string | ((base: Send) => string), expect: Expect, contentType?: string | null): Case => ({
    name: `body: ${name}`,
    expect,
    make: (base) => ({ ...base, form: false, body: undefined, raw: typeof text === "function" ? text(base) : text, contentType: contentType === undefined ? "application/json" : contentType }),
  });
  const typed = (name: string, contentType: string | null, expect: Expect): Case => raw(`content type ${contentType ?? "(none)"}${name}`, (b) => JSON.stringify(b.body ?? {}), expect, contentType);
  return [
    raw("malformed JSON {", "{", 400),
    raw("malformed JSON [1,", "[1,", 400),
    raw("malformed JSON nul", "nul", 400),
    raw("single-quoted JSON", "{'a': 1}", 400),
    raw("a trailing comma", '{"a": 1,}', 400),
    raw("trailing garbage", (b) => `${JSON.stringify(b.body ?? {})} x`, 400),
    raw("NaN literal", '{"a": NaN}', 400),
    raw("a JSON string", '"a JSON string"', 400),
    raw("a top-level array", "[1, 2]", 400),
    raw("an empty array", "[]", 400),
    raw("null", "null", 400),
    raw("a number", "123", 400),
    raw("true", "true", 400),
    raw("an empty object", "{}", "any"),
    raw("an empty body", "", "any"),
    raw("only whitespace", " \n\t ", "any"),
    raw("a BOM before the JSON", (b) => `\uFEFF${JSON.stringify(b.body ?? {})}`, "any"),
    raw("invalid UTF-8 bytes (decoded as U+FFFD)", (b) => JSON.stringify({ ...b.body, note: "\ufffd" }), "any"),
    raw("a __proto__ key", (b) => `{"__proto__": {"polluted": true}, ${JSON.stringify(b.body ?? {}).slice(1)}`, "any"),
    raw("a constructor.prototype key", (b) => `{"constructor": {"prototype": {"polluted": true}}, ${JSON.stringify(b.body ?? {}).slice(1)}`, "any"),
    raw("duplicate keys", (b) => `${JSON.stringify(b.body ?? {}).slice(0, -1)}${Object.keys(b.body ?? {}).length ? "," : ""}"dup": 1, "dup": 2}`, "any"),
    raw("nested arrays 400 deep", `{"x": ${"[".repeat(400)}${"]".repeat(400)}}`, "any"),
    typed(" text/xml", "text/xml", 415),
    typed(" multipart/form-data", "multipart/form-data; boundary=----x", 415),
    typed(" application/octet-stream", "application/octet-stream", 415),
    typed(" text/html", "text/html", 415),
    typed(" text/plain", "text/plain", "any"),
    typed(" with a charset", "application/json; charset=utf-8", "any"),
    typed(" in upper case", "APPLICATION/JSON", "any"),
    typed(" application/vnd.api+json", "application/vnd.api+json", "any"),
    typed("", null, "any"),
    typed(" form-encoded, holding JSON", "application/x-www-form-urlencoded", "any"),
    { name: "body: form-encoded sample", expect: "any", make: (base) => ({ ...base, form: true }) },
    raw(`exactly the limit (${limit} bytes)`, (b) => paddedBody(b, limit), "any"),
    raw(`one byte over the limit (${limit + 1} bytes)`, (b) => paddedBody(b, limit + 1), 413),
    raw("over the limit in bytes but not in characters (CJK)", (b) => paddedBody(b, limit + 3, "字"), 413),
    raw("1 MB (or one byte over a limit of 1 MB or more)", (b) => paddedBody(b, Math.max(MB, limit + 1)), 413),
    {
      name: "body: a Content-Length header over the limit",
      expect: 413,
      make: (base) => ({ ...base, form: false, body: undefined, raw: JSON.stringify(base.body ?? {}), contentType: "application/json", headers: { ...base.headers, "content-length": String(limit + 1) } }),
    },
    raw("1 MB form-encoded", `a=${"b".repeat(MB)}`, 413, "application/x-www-form-urlencoded"),
  ];
}

function queryCases(e: Endpoint): Case[] {
  if (!e.fields.some((f) => f.in === "query")) return [];
  return [
    { name: "query: unknown parameters are ignored", expect: "any", make: (b) => ({ ...b, query: { ...b.query, foo: "bar", "a[b]": "c", __proto__x: "1" } }) },
    { name: "query: a 10,000-character unknown parameter", expect: "any", make: (b) => ({ ...b, query: { ...b.query, x: "y".repeat(10_000) } }) },
    { name: "query: a NUL in a parameter name", expect: "any", make: (b) => ({ ...b, query: { ...b.query, "a\u0000b": "1" } }) },
  ];
}

function unreadBodyCases(e: Endpoint): Case[] {
  if (e.bodyLimit || e.method === "GET") return [];
  return [
    { name: "body: malformed JSON the route does not read", expect: "any", make: (b) => ({ ...b, raw: "{", contentType: "application/json" }) },
    { name: "body: 1 MB the route does not read", expect: "any", make: (b) => ({ ...b, raw: "x".repeat(MB), contentType: "text/xml" }) },
  ];
}

function casesOf(e: Endpoint): Case[] {
  return [
    ...e.fields.flatMap(casesFor),
    ...queryCases(e),
    ...(e.bodyLimit ? bodyCases(e) : unreadBodyCases(e)),
  ];
}

// ── Checks ─────────────────────────────────────────────────────────────────────────────────────────────

/** Rows a rejected call must leave alone (rate-limit counters and SMS attempts are meant to move). */
async function fingerprint(): Promise<string> {
  const r = await (await getDb()).execute(sql`
    select (select count(*) from users) as users,
           (select md5(coalesce(string_agg(concat_ws('|', id, account_name, phone_number, email, display_name, bio, avatar_url, hashed_password), ',' order by id), '')) from users) as profiles,
           (select count(*) from articles) as articles,
           (select coalesce(sum(like_cnt), 0) || '/' || coalesce(sum(favorite_cnt), 0) || '/' || coalesce(sum(view_cnt), 0) from articles) as counters,
           (select count(*) from likes) as likes,
           (select count(*) from favorites) as favorites,
           (select count(*) || '/' || coalesce(sum(read_times), 0) from read_history) as history,
           (select count(*) || '/' || count(article_id) from summary_tasks) as tasks`);
  return JSON.stringify(r.rows[0]);
}

type Res = Awaited<ReturnType<typeof send>>;

function assertAnswer(res: Res, expectation: Expect) {
  const what = `${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  if (res.status >= 400) {
    expect(typeof res.body?.detail, what).toBe("string");
    expect(res.body.detail, what).toMatch(CJK);
  }
  if (expectation === "4xx") expect(res.status, what).toBeGreaterThanOrEqual(400);
  else if (typeof expectation === "number") expect(res.status, what).toBe(expectation);
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    // A stream that failed inside answers 200 with an error event: a hidden 5xx.
    expect(res.text, what).not.toContain('"type":"error"');
  }
}

/** Endpoints with limits that would turn later cases into 429s before their input is even looked at. */
const LIMITED = new Set(["/api/v1/articles/{id}/comments", "/api/summary/create-task", "/api/v1/auth/login", "/api/v1/chat", "/api/v1/sms/login", "/api/v1/sms/send"]);
async function clearLimits() {
  const db = await getDb();
  await db.execute(sql`delete from rate_limits`);
  await db.execute(sql`delete from sms_codes`);
  await db.execute(sql`delete from summary_tasks where status in ('pending', 'processing')`);
}

const logLevel = process.env.LOG_LEVEL;
beforeAll(() => {
  process.env.LOG_LEVEL = "warn"; // two thousand request lines would bury the failures
  setSmsSenderForTests({ name: "capture", send: async () => {} });
});
afterAll(() => {
  setSmsSenderForTests(undefined);
  if (logLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = logLevel;
});

describe.each(ENDPOINTS.map((e) => [e.id, e] as const))("%s", (_id, e) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await newFixture("im");
  });
  beforeEach(async () => {
    if (LIMITED.has(e.path)) await clearLimits();
  });

  it(`answers the valid sample with ${e.sampleStatus.join(" or ")}`, async () => {
    const res = await send(e, sampleSend(e, f));
    expect(e.sampleStatus, `${res.status} ${res.text.slice(0, 300)}`).toContain(res.status);
    assertAnswer(res, "any");
  });

  it.each(casesOf(e).map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const before = await fingerprint();
    const res = await send(e, c.make(sampleSend(e, f), f));
    assertAnswer(res, c.expect);
    if (res.status >= 400) expect(await fingerprint(), `${c.name} answered ${res.status} but changed rows`).toBe(before);
  });
});

// NUL bytes: PostgreSQL text refuses them, so free text has them stripped and structured values refuse them.
describe("NUL bytes", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await newFixture("nul");
  });
  const byId = (id: string) => ENDPOINTS.find((x) => x.id === id)!;
  const NUL_CASES: [name: string, id: string, over: (base: Send) => Send, status: number, check?: (body: Record<string, unknown>) => void][] = [
    ["are stripped from a display name and a bio", "PUT /api/v1/users/me", (b) => ({ ...b, body: { display_name: "读\u0000者", bio: "\u0000简介\u0000" } }), 200, (body) => expect(body).toMatchObject({ display_name: "读者", bio: "简介" })],
    ["are stripped from a new account's display name", "POST /api/v1/auth/register", (b) => ({ ...b, body: { ...b.body, display_name: "a\u0000b" } }), 200, (body) => expect((body.data as { user: unknown }).user).toMatchObject({ display_name: "ab" })],
    ["are stripped from a search keyword", "GET /api/v1/articles/search", (b) => ({ ...b, query: { ...b.query, keyword: "夹\u0000具" } }), 200],
    ["leave a keyword of only NUL bytes empty: 400", "GET /api/v1/articles/search", (b) => ({ ...b, query: { ...b.query, keyword: "\u0000\u0000" } }), 400],
    ["are stripped from a chat message", "POST /api/v1/chat", (b) => ({ ...b, body: { message: "你\u0000好" } }), 200],
    ["make a link invalid: 400", "POST /api/summary/create-task", (b) => ({ ...b, body: { url: "https://example.com/a\u0000b" } }), 400],
    ["make a phone number invalid: 400", "POST /api/v1/sms/send", (b) => ({ ...b, body: { phone: "1380000\u00000000" } }), 400],
    ["make a code invalid: 400", "POST /api/v1/sms/login", (b) => ({ ...b, body: { ...b.body, code: "12345\u0000" } }), 400],
    ["are stripped from a login name (an unknown account: 401)", "POST /api/v1/auth/login", (b) => ({ ...b, form: false, body: { ...b.body, username: `${b.body!.username as string}\u0000x` } }), 401],
    ["make an id invalid: 400", "POST /api/v1/favorites", (b) => ({ ...b, body: { article_id: `${f.articleIds[0]}\u0000` } }), 400],
  ];
  it.each(NUL_CASES)("%s", async (_name, id, over, status, check) => {
    const e = byId(id);
    const res = await send(e, over(sampleSend(e, f)));
    expect(res.status, res.text.slice(0, 300)).toBe(status);
    if (status >= 400) expect(res.body.detail).toMatch(CJK);
    check?.(res.body);
  });
});

describe("prototype pollution", () => {
  it("no __proto__ body reached Object.prototype", () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("the registry", () => {
  it("lists every route file under app/api", () => {
    const files = (readdirSync("app/api", { recursive: true }) as string[])
      .filter((p) => p.endsWith("route.ts"))
      .map((p) => `app/api/${p.split("\\").join("/")}`)
      .sort();
    expect(routeFiles().map((r) => r.file).sort()).toEqual(files);
  });
});

// Next.js answers a method a route file does not export with a bare 405; every route file exports
// methodNotAllowed handlers for the others, so the answer has a Chinese detail and an Allow header.
/** The Allow header of a route file: its methods, HEAD with GET, and OPTIONS, sorted as Next.js sorts them. */
const allowOf = (methods: string[]) => [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
const unsupported = routeFiles().flatMap((r) => HTTP_METHODS.filter((m) => !r.methods.includes(m)).map((m) => [`${m} ${r.path}`, r, m] as const));
describe("unsupported methods", () => {
  it.each(unsupported)("%s → 405 with a Chinese detail and Allow", async (_name, r, method) => {
    const handler = r.module[method] as Endpoint["handler"] | undefined;
    expect(handler, `${r.file} does not export ${method}`).toBeTypeOf("function");
    const e = ENDPOINTS.find((x) => x.file === r.file)!;
    const res = await send(e, { method, handler: handler!, params: { id: "1", articleId: "1" }, raw: method === "GET" ? undefined : "{}" });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: "不支持该请求方法" });
    expect(res.headers.get("allow")).toBe(allowOf(r.methods));
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it.each(routeFiles().map((r) => [r.path, r] as const))("OPTIONS %s → 204 listing only the implemented methods", async (_path, r) => {
    const handler = r.module.OPTIONS as Endpoint["handler"] | undefined;
    expect(handler, `${r.file} does not export OPTIONS`).toBeTypeOf("function");
    const e = ENDPOINTS.find((x) => x.file === r.file)!;
    const res = await send(e, { method: "OPTIONS", handler: handler!, params: { id: "1", articleId: "1" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe(allowOf(r.methods));
  });
});
