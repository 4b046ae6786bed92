import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { getDb } from "@/lib/db";
import { adminAudit, summaryTasks, users } from "@/lib/db/schema";
import { POST as retry } from "@/app/api/admin/tasks/[id]/retry/route";
import { POST as disable } from "@/app/api/admin/users/[id]/disable/route";
import { DELETE, GET as list, PATCH, POST, PUT } from "./route";

async function newAdmin() {
  const admin = await newUser("op");
  const [row] = await (await getDb()).update(users).set({ role: "admin" }).where(eq(users.id, admin.id)).returning();
  return { ...admin, name: row.accountName };
}

const get = (token: string, qs = "") => call(list, `/api/admin/audit${qs}`, { token });
const auditCount = async () => (await (await getDb()).select({ n: count() }).from(adminAudit))[0].n;

describe("GET /api/admin/audit", () => {
  it("lists what the console did, newest first: who, action, object, before → after, when", async () => {
    const admin = await newAdmin();
    const reader = await newUser();
    const [task] = await (await getDb())
      .insert(summaryTasks)
      .values({ userId: reader.id, url: "https://example.com/a", normalizedUrl: "https://example.com/a", method: "quick", status: "failed", error: "x" })
      .returning();
    await call(retry, `/api/admin/tasks/${task.id}/retry`, { method: "POST", token: admin.token, params: { id: String(task.id) } });
    await call(disable, `/api/admin/users/${reader.id}/disable`, { method: "POST", token: admin.token, params: { id: String(reader.id) } });

    const res = await get(admin.token, `?actor=${admin.name}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(res.body.items.map((r: { action: string }) => r.action)).toEqual(["user.disable", "task.retry"]);
    expect(res.body.items[1]).toEqual({
      id: expect.any(Number),
      actor_id: admin.id,
      actor_name: admin.name,
      action: "task.retry",
      object_type: "task",
      object_id: String(task.id),
      before: { status: "failed" },
      after: { status: "pending" },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const byObject = await get(admin.token, `?object_type=user&object_id=${reader.id}`);
    expect(byObject.body.items.map((r: { action: string }) => r.action)).toEqual(["user.disable"]);
  });

  it("filters by action (exact or a whole object type), object, actor and China-time days, and pages", async () => {
    const admin = await newAdmin();
    const db = await getDb();
    const actorName = `审计员_${process.pid}`;
    // 2025-03-04 23:30 and 2025-03-05 00:30 China time sit on either side of midnight (UTC+8).
    const rows = [
      { action: "article.hide", objectType: "article", objectId: "7", createdAt: new Date("2025-03-04T15:30:00Z") },
      { action: "article.pin", objectType: "article", objectId: "7", createdAt: new Date("2025-03-04T16:30:00Z") },
      { action: "source.add", objectType: "source", objectId: "3", createdAt: new Date("2025-03-05T15:59:59Z") },
      { action: "source.pause", objectType: "source", objectId: "3", createdAt: new Date("2025-03-05T16:00:00Z") },
    ];
    await db.insert(adminAudit).values(rows.map((r) => ({ ...r, actorId: null, actorName, before: null, after: { ok: true } })));
    const actions = async (qs: string) => {
      const res = await get(admin.token, `?actor=${encodeURIComponent(actorName)}${qs}`);
      expect(res.status).toBe(200);
      return res.body.items.map((r: { action: string }) => r.action);
    };
    expect(await actions("")).toEqual(["source.pause", "source.add", "article.pin", "article.hide"]);
    expect(await actions("&action=article.pin")).toEqual(["article.pin"]);
    expect(await actions("&action=source")).toEqual(["source.pause", "source.add"]);
    expect(await actions("&object_type=article&object_id=7")).toEqual(["article.pin", "article.hide"]);
    expect(await actions("&from=2025-03-05&to=2025-03-05")).toEqual(["source.add", "article.pin"]);
    expect(await actions("&to=2025-03-04")).toEqual(["article.hide"]);
    expect(await actions("&from=2025-03-06")).toEqual(["source.pause"]);
    expect(await actions("&limit=3&page=2")).toEqual(["article.hide"]);
    expect((await get(admin.token, `?actor=${encodeURIComponent(actorName)}&limit=3`)).body.total).toBe(4);
    expect(await actions("&action=user.disable")).toEqual([]);
    expect(await actions("&action=&object_type=&from=")).toHaveLength(4);
  });

  it.each([
    ["?action=DROP TABLE", "action"],
    ["?action=a.b.c", "action"],
    [`?action=${"a".repeat(61)}`, "60"],
    ["?object_type=User!", "object_type"],
    [`?object_id=${"1".repeat(65)}`, "64"],
    [`?actor=${"名".repeat(101)}`, "100"],
    ["?from=2025-13-01", "from"],
    ["?from=2025-02-30", "from"],
    ["?to=yesterday", "to"],
    ["?from=2025-03-06&to=2025-03-05", "开始日期"],
    ["?page=0", "page"],
    ["?limit=-5", "limit"],
  ])("GET %s → 400 with a Chinese detail", async (qs, mention) => {
    const admin = await newAdmin();
    const res = await get(admin.token, encodeURI(qs));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
    expect(res.body.detail).toContain(mention);
  });

  it("is read-only: POST, PUT, PATCH and DELETE answer 405 and change no row", async () => {
    const admin = await newAdmin();
    const before = await auditCount();
    for (const [handler, method] of [[POST, "POST"], [PUT, "PUT"], [PATCH, "PATCH"], [DELETE, "DELETE"]] as const) {
      const res = await call(handler, "/api/admin/audit", { method, token: admin.token, json: { action: "x" } });
      expect(res.status).toBe(405);
      expect(res.body.detail).toMatch(/[\u4e00-\u9fff]/);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    }
    expect(await auditCount()).toBe(before);
  });

  it("no token → 401, a reader → 404", async () => {
    const reader = await newUser();
    expect((await call(list, "/api/admin/audit")).status).toBe(401);
    expect((await get(reader.token)).status).toBe(404);
  });
});
