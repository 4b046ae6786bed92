// The audit log is append-only in the database itself (issue 28, row 8; drizzle/0014 and 0018): whatever code or
// person holds a connection, UPDATE, DELETE and TRUNCATE of admin_audit fail and leave every row as it was;
// inserting works; deleting an operator's account only clears the actor_id of their rows (the foreign key's
// ON DELETE SET NULL), their actor_name and everything else stays.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { adminAudit, users } from "@/lib/db/schema";
import { newUser } from "@/test/users";
import { recordAction } from "./audit";

type PgLikeError = { code?: string; message?: string; cause?: unknown };

/** The database's refusal behind a failed statement (drizzle wraps the driver's error as its cause). */
async function refusal(statement: Promise<unknown>): Promise<{ code?: string; message?: string } | null> {
  try {
    await statement;
    return null;
  } catch (err) {
    for (let e = err as PgLikeError | undefined; e; e = e.cause as PgLikeError | undefined) {
      if (e.code) return { code: e.code, message: e.message };
    }
    return { message: String(err) };
  }
}

async function operatorWithRecords() {
  const db = await getDb();
  const op = await newUser("op");
  const [{ accountName }] = await db.select({ accountName: users.accountName }).from(users).where(eq(users.id, op.id));
  await recordAction(db, { id: op.id, name: accountName }, { action: "article.hide", objectType: "article", objectId: 7, before: { hidden: false }, after: { hidden: true } });
  await recordAction(db, { id: op.id, name: accountName }, { action: "user.disable", objectType: "user", objectId: 9, after: { disabled: true } });
  const rows = await db.select().from(adminAudit).where(eq(adminAudit.actorId, op.id)).orderBy(asc(adminAudit.id));
  return { op, accountName, rows, ids: rows.map((r) => r.id) };
}

const refused = { code: "42501", message: expect.stringContaining("admin_audit is append-only") };

describe("admin_audit is append-only", () => {
  it("inserting works; UPDATE, DELETE and TRUNCATE are refused and change nothing", async () => {
    const db = await getDb();
    const { rows, ids } = await operatorWithRecords();
    expect(rows.map((r) => r.action)).toEqual(["article.hide", "user.disable"]);
    const attempts = [
      db.update(adminAudit).set({ action: "article.unhide" }).where(inArray(adminAudit.id, ids)),
      db.update(adminAudit).set({ after: null }).where(eq(adminAudit.id, ids[0])),
      db.update(adminAudit).set({ createdAt: new Date("2020-01-01T00:00:00Z") }).where(eq(adminAudit.id, ids[0])),
      // Clearing the actor is allowed only as the foreign key does it: nothing else may change with it.
      db.update(adminAudit).set({ actorId: null, actorName: "别人" }).where(eq(adminAudit.id, ids[0])),
      db.update(adminAudit).set({ actorId: null, actorName: "已注销用户", action: "article.unhide" }).where(eq(adminAudit.id, ids[0])),
      db.delete(adminAudit).where(inArray(adminAudit.id, ids)),
      db.delete(adminAudit),
      db.execute(sql`truncate admin_audit`),
      db.execute(sql`truncate users cascade`),
    ];
    for (const attempt of attempts) expect(await refusal(attempt)).toEqual(refused);
    expect(await db.select().from(adminAudit).where(inArray(adminAudit.id, ids)).orderBy(asc(adminAudit.id))).toEqual(rows);
  });

  it("deleting an operator's account keeps their records, actor_id null and actor_name intact", async () => {
    const db = await getDb();
    const { op, accountName, rows, ids } = await operatorWithRecords();
    await db.delete(users).where(eq(users.id, op.id));
    const after = await db.select().from(adminAudit).where(inArray(adminAudit.id, ids)).orderBy(asc(adminAudit.id));
    expect(after).toEqual(rows.map((r) => ({ ...r, actorId: null })));
    expect(after.map((r) => r.actorName)).toEqual([accountName, accountName]);
  });

  it("注销账号 may forget the actor (drizzle/0018): actor_id null and actor_name 已注销用户, the action kept", async () => {
    const db = await getDb();
    const { op, rows, ids } = await operatorWithRecords();
    await db.update(adminAudit).set({ actorId: null, actorName: "已注销用户" }).where(eq(adminAudit.actorId, op.id));
    const after = await db.select().from(adminAudit).where(inArray(adminAudit.id, ids)).orderBy(asc(adminAudit.id));
    expect(after).toEqual(rows.map((r) => ({ ...r, actorId: null, actorName: "已注销用户" })));
    // Once forgotten, nothing more: not even the name back.
    expect(await refusal(db.update(adminAudit).set({ actorName: "回来" }).where(eq(adminAudit.id, ids[0])))).toEqual(refused);
  });
});
