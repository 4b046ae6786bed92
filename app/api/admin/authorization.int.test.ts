// The console's authorization matrix (issue 21, acceptance 1): every /api/admin endpoint answers 401 without a
// token or with a disabled operator's token, 404 to a signed-in reader (the console does not exist for them),
// and its answer to an operator; no refused call changes any row. The pages are checked in the browser
// journeys (e2e/admin.spec.ts): the ordinary 404 page for everyone but an operator.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { GET as me } from "@/app/api/v1/users/me/route";
import { call } from "@/test/api";
import { CJK, ENDPOINTS, newFixture, newUserWithPassword, sampleSend, send, type Fixture, type TestUser } from "@/test/endpoints";
import { eq } from "drizzle-orm";

const ADMIN = ENDPOINTS.filter((e) => e.auth === "admin");
/** Every table a console call could change. */
const TABLES = ["articles", "feed_sources", "users", "summary_tasks", "admin_audit", "likes", "favorites", "read_history", "search_log", "daily_counters", "site_counters"];

/** One digest per table of every row's text: equal digests, unchanged rows. */
async function snapshot(): Promise<Record<string, string>> {
  const db = await getDb();
  const out: Record<string, string> = {};
  for (const t of TABLES) {
    const res = await db.execute<{ d: string }>(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from "${t}" t`));
    out[t] = res.rows[0].d;
  }
  return out;
}

let f: Fixture;
let disabledAdmin: TestUser;

beforeAll(async () => {
  f = await newFixture("authz_admin");
  disabledAdmin = await newUserWithPassword("authz_disabled_op");
  await (await getDb()).update(users).set({ role: "admin", disabledAt: new Date() }).where(eq(users.id, disabledAdmin.id));
  // A signed-in request marks its reader seen today (users.active_on, once a day: the digest worker's queue), refused
  // or not. The reader is seen before the snapshots, so a refused call that changed anything else still shows.
  expect((await call(me, "/api/v1/users/me", { token: f.user.token })).status).toBe(200);
});

describe("the registry", () => {
  it("lists every route file under app/api/admin with auth admin", () => {
    expect(ADMIN.length).toBeGreaterThanOrEqual(7);
    expect(ENDPOINTS.filter((e) => e.file.startsWith("app/api/admin/") && e.auth !== "admin").map((e) => e.id)).toEqual([]);
  });
});

const REFUSED = [
  { who: "no token", token: () => null, status: 401, detail: MSG.loginRequired },
  { who: "a signed-in reader", token: () => f.user.token, status: 404, detail: "请求的内容不存在" },
  { who: "a disabled operator", token: () => disabledAdmin.token, status: 401, detail: MSG.tokenInvalid },
] as const;

describe.each(ADMIN.map((e) => [e.id, e] as const))("%s", (_id, e) => {
  it.each(REFUSED.map((r) => [r.who, r] as const))("refuses %s and changes nothing", async (_who, r) => {
    const before = await snapshot();
    const res = await send(e, { ...sampleSend(e, f), token: r.token() });
    expect(res.status, res.text.slice(0, 200)).toBe(r.status);
    expect(res.body.detail).toBe(r.detail);
    expect(res.body.detail).toMatch(CJK);
    expect(await snapshot()).toEqual(before);
  });
});

describe("an operator", () => {
  // After every refusal above (vitest runs a file's tests in order): these calls change rows.
  it.each(ADMIN.map((e) => [e.id, e] as const))("gets the answer of %s", async (_id, e) => {
    const res = await send(e, sampleSend(e, f));
    expect(e.sampleStatus, `${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
    expect(res.status).toBeLessThan(300);
  });
});
