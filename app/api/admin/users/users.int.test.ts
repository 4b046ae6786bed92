import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { newArticles, newUser } from "@/test/users";
import { getDb } from "@/lib/db";
import { adminAudit, favorites, likes, summaryTasks, users } from "@/lib/db/schema";
import { GET as me } from "@/app/api/v1/users/me/route";
import { GET as list } from "./route";
import { POST as disable } from "./[id]/disable/route";
import { POST as enable } from "./[id]/enable/route";
import { POST as role, GET as roleGet } from "./[id]/role/route";

let seq = 0;

async function newAdmin() {
  const admin = await newUser("op");
  await (await getDb()).update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  return admin;
}

const userRow = async (id: number) => (await (await getDb()).select().from(users).where(eq(users.id, id)))[0];
const auditOf = async (id: number) =>
  (await (await getDb()).select().from(adminAudit).where(eq(adminAudit.objectId, String(id)))).filter((r) => r.objectType === "user");

const act = (handler: typeof disable, path: string, token: string, id: number | string, json?: unknown) =>
  call(handler, `/api/admin/users/${id}/${path}`, { method: "POST", token, params: { id: String(id) }, json });

describe("GET /api/admin/users", () => {
  it("finds accounts by account name, display name, e-mail or phone digits, masks phones, and counts likes, favourites and summaries", async () => {
    const admin = await newAdmin();
    const db = await getDb();
    const stamp = `${process.pid}${++seq}`;
    const [alice] = await db
      .insert(users)
      .values({ accountName: `alice_${stamp}`, displayName: `小爱${stamp}`, email: `alice${stamp}@example.com`, phoneNumber: `1380000${stamp.slice(-4).padStart(4, "0")}` })
      .returning();
    const [bob] = await db.insert(users).values({ accountName: `bob_${stamp}`, displayName: "阿波" }).returning();
    const arts = await newArticles(3);
    await db.insert(likes).values(arts.map((a) => ({ userId: alice.id, articleId: a.id })));
    await db.insert(favorites).values([{ userId: alice.id, articleId: arts[0].id }]);
    await db.insert(summaryTasks).values({ userId: alice.id, url: "https://example.com/s", normalizedUrl: "https://example.com/s", method: "quick" });

    const find = async (q: string) => (await call(list, `/api/admin/users?q=${encodeURIComponent(q)}`, { token: admin.token })).body;
    const found = await find(`alice_${stamp}`);
    expect(found.total).toBe(1);
    expect(found.items[0]).toEqual({
      id: alice.id,
      account_name: alice.accountName,
      display_name: alice.displayName,
      email: alice.email,
      phone: `138****${alice.phoneNumber!.slice(-4)}`,
      role: "user",
      disabled_at: null,
      created_at: alice.createdAt.toISOString(),
      likes_count: 3,
      favorites_count: 1,
      summaries_count: 1,
    });
    expect((await find(`小爱${stamp}`)).items.map((u: { id: number }) => u.id)).toEqual([alice.id]);
    expect((await find(`ALICE${stamp}@example`)).items.map((u: { id: number }) => u.id)).toEqual([alice.id]);
    expect((await find(alice.phoneNumber!.slice(-7))).items.map((u: { id: number }) => u.id)).toEqual([alice.id]);
    expect((await find("阿波")).items.map((u: { id: number }) => u.id)).toContain(bob.id);
    expect(JSON.stringify(found)).not.toContain(alice.phoneNumber!);

    const byId = await call(list, `/api/admin/users?id=${bob.id}`, { token: admin.token });
    expect(byId.body.items.map((u: { id: number }) => u.id)).toEqual([bob.id]);
    const admins = await call(list, "/api/admin/users?role=admin&limit=100", { token: admin.token });
    expect(admins.body.items.every((u: { role: string }) => u.role === "admin")).toBe(true);
    expect(admins.body.items.map((u: { id: number }) => u.id)).toContain(admin.id);
  });

  it.each([
    ["?role=root", "role"],
    ["?disabled=yes", "disabled"],
    [`?q=${"长".repeat(101)}`, "100"],
    ["?page=-1", "page"],
    ["?id=abc", "编号"],
  ])("GET %s → 400 with a Chinese detail", async (qs, mention) => {
    const admin = await newAdmin();
    const res = await call(list, `/api/admin/users${encodeURI(qs)}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
    expect(res.body.detail).toContain(mention);
  });
});

describe("disable and enable", () => {
  it("a disabled account's next call is 401 and enabling restores it; each change is recorded once", async () => {
    const admin = await newAdmin();
    const reader = await newUser();
    expect((await call(me, "/api/v1/users/me", { token: reader.token })).status).toBe(200);

    const res = await act(disable, "disable", admin.token, reader.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user: { id: reader.id, role: "user" }, changed: true });
    expect(typeof res.body.data.user.disabled_at).toBe("string");
    expect(res.body.data.user).not.toHaveProperty("phone");
    expect((await call(me, "/api/v1/users/me", { token: reader.token })).status).toBe(401);

    const again = await act(disable, "disable", admin.token, reader.id);
    expect(again.status).toBe(200);
    expect(again.body.data.changed).toBe(false);
    expect(again.body.data.user.disabled_at).toBe(res.body.data.user.disabled_at);
    const disabledList = await call(list, `/api/admin/users?disabled=true&id=${reader.id}`, { token: admin.token });
    expect(disabledList.body.items[0].disabled_at).toBe(res.body.data.user.disabled_at);
    expect((await call(list, `/api/admin/users?disabled=false&id=${reader.id}`, { token: admin.token })).body.total).toBe(0);

    const back = await act(enable, "enable", admin.token, reader.id);
    expect(back.body.data).toMatchObject({ user: { id: reader.id, disabled_at: null }, changed: true });
    expect((await call(me, "/api/v1/users/me", { token: reader.token })).status).toBe(200);
    expect((await act(enable, "enable", admin.token, reader.id)).body.data.changed).toBe(false);

    const audits = await auditOf(reader.id);
    expect(audits.map((a) => a.action).sort()).toEqual(["user.disable", "user.enable"]);
    const disabledEntry = audits.find((a) => a.action === "user.disable")!;
    expect(disabledEntry).toMatchObject({ actorId: admin.id, before: { disabled_at: null }, after: { disabled_at: res.body.data.user.disabled_at } });
    expect(audits.find((a) => a.action === "user.enable")).toMatchObject({ before: { disabled_at: res.body.data.user.disabled_at }, after: { disabled_at: null } });
  });

  it("an operator cannot disable themselves (409, nothing changes); a disabled operator's console call is 401", async () => {
    const admin = await newAdmin();
    const self = await act(disable, "disable", admin.token, admin.id);
    expect(self.status).toBe(409);
    expect(self.body.detail).toBe("不能停用自己的账号");
    expect((await userRow(admin.id)).disabledAt).toBeNull();
    expect(await auditOf(admin.id)).toHaveLength(0);

    const other = await newAdmin();
    await act(disable, "disable", admin.token, other.id);
    expect((await call(list, "/api/admin/users", { token: other.token })).status).toBe(401);
    expect((await act(enable, "enable", other.token, other.id)).status).toBe(401);
    expect((await userRow(other.id)).disabledAt).not.toBeNull();
  });
});

describe("POST /api/admin/users/{id}/role", () => {
  it("grants and revokes the admin role, idempotently, recording before and after", async () => {
    const admin = await newAdmin();
    const reader = await newUser();
    const grant = await act(role, "role", admin.token, reader.id, { role: "admin" });
    expect(grant.body.data).toMatchObject({ user: { id: reader.id, role: "admin" }, changed: true });
    expect((await userRow(reader.id)).role).toBe("admin");
    // The new operator reaches the console at once.
    expect((await call(list, "/api/admin/users", { token: reader.token })).status).toBe(200);
    expect((await act(role, "role", admin.token, reader.id, { role: "admin" })).body.data.changed).toBe(false);

    const revoke = await act(role, "role", admin.token, reader.id, { role: "user" });
    expect(revoke.body.data).toMatchObject({ user: { role: "user" }, changed: true });
    expect((await call(list, "/api/admin/users", { token: reader.token })).status).toBe(404);

    const audits = await auditOf(reader.id);
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ["user.grant_admin", { role: "user" }, { role: "admin" }],
      ["user.revoke_admin", { role: "admin" }, { role: "user" }],
    ]);
  });

  it("an operator cannot revoke themselves (409, nothing changes)", async () => {
    const admin = await newAdmin();
    const res = await act(role, "role", admin.token, admin.id, { role: "user" });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("不能撤销自己的管理员权限");
    expect((await userRow(admin.id)).role).toBe("admin");
    expect(await auditOf(admin.id)).toHaveLength(0);
    // Setting their own role to what it is stays a harmless no-op.
    expect((await act(role, "role", admin.token, admin.id, { role: "admin" })).body.data.changed).toBe(false);
  });

  it.each([
    [{ role: "root" }, 400],
    [{ role: "ADMIN" }, 400],
    [{}, 400],
    [{ role: 1 }, 400],
  ])("body %j → %i with a Chinese detail and no change", async (body, status) => {
    const admin = await newAdmin();
    const reader = await newUser();
    const res = await act(role, "role", admin.token, reader.id, body);
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
    expect((await userRow(reader.id)).role).toBe("user");
  });

  it("a body that is not JSON is a 400; a GET is a 405", async () => {
    const admin = await newAdmin();
    const reader = await newUser();
    const res = await call(role, `/api/admin/users/${reader.id}/role`, { method: "POST", token: admin.token, params: { id: String(reader.id) }, raw: "{", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect((await call(roleGet, `/api/admin/users/${reader.id}/role`, { token: admin.token })).status).toBe(405);
  });
});

describe("ids and refused callers", () => {
  it.each([
    ["abc", 400],
    ["0", 400],
    ["12a", 400],
    ["9999999999", 400],
    ["99999999", 404],
  ])("id %s → %i with a Chinese detail on every action", async (id, status) => {
    const admin = await newAdmin();
    for (const [handler, path, json] of [
      [disable, "disable", undefined],
      [enable, "enable", undefined],
      [role, "role", { role: "admin" }],
    ] as const) {
      const res = await act(handler, path, admin.token, id, json);
      expect(res.status).toBe(status);
      expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("no token → 401 and a reader → 404, and neither changes the account", async () => {
    const reader = await newUser();
    const target = await newUser();
    expect((await call(disable, `/api/admin/users/${target.id}/disable`, { method: "POST", params: { id: String(target.id) } })).status).toBe(401);
    expect((await act(disable, "disable", reader.token, target.id)).status).toBe(404);
    expect((await act(role, "role", reader.token, reader.id, { role: "admin" })).status).toBe(404);
    expect((await userRow(target.id)).disabledAt).toBeNull();
    expect((await userRow(reader.id)).role).toBe("user");
  });
});
