// The audit log is append-only in the database itself (issue 28, row 8; drizzle/0014 and 0018): whatever code or
// person holds a connection, UPDATE, DELETE and TRUNCATE of admin_audit fail and leave every row as it was;
// inserting works; deleting an operator's account only clears the actor_id of their rows (the foreign key's
// ON DELETE SET NULL) and names them by one pseudonym (drizzle/0021); everything else stays.
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

/** A row without who did it. */
const strip = (rows: (typeof adminAudit.$inferSelect)[]) => rows.map((r) => ({ ...r, actorId: undefined, actorName: undefined }));

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

  it("deleting an operator keeps their records under one pseudonym for all of them, never their name (drizzle/0021)", async () => {
    const db = await getDb();
    const first = await operatorWithRecords();
    const second = await operatorWithRecords();
    await db.delete(users).where(inArray(users.id, [first.op.id, second.op.id]));
    const named = async (ids: number[]) => db.select().from(adminAudit).where(inArray(adminAudit.id, ids)).orderBy(asc(adminAudit.id));
    const [a, b] = [await named(first.ids), await named(second.ids)];
    for (const [before, after] of [[first.rows, a], [second.rows, b]]) {
      expect(strip(after)).toEqual(strip(before)); // the action, its object and time kept
      expect(after.map((r) => r.actorId)).toEqual([null, null]);
      expect(new Set(after.map((r) => r.actorName)).size).toBe(1); // one pseudonym for all of a person's rows
      expect(after[0].actorName).toMatch(/^已注销用户 [A-Z0-9]{6,8}$/);
    }
    expect(a[0].actorName).not.toBe(b[0].actorName);
    expect(a[0].actorName).not.toContain(first.accountName);
  });

  it("clearing the actor while the actor still exists is refused (issue 42, row 3: an operator erasing their own trail)", async () => {
    const db = await getDb();
    const { op, rows, ids } = await operatorWithRecords();
    for (const name of ["已注销用户", "已注销用户 ABCDEF", "别人"]) {
      expect(await refusal(db.update(adminAudit).set({ actorId: null, actorName: name }).where(eq(adminAudit.actorId, op.id)))).toEqual(refused);
    }
    expect(await db.select().from(adminAudit).where(inArray(adminAudit.id, ids)).orderBy(asc(adminAudit.id))).toEqual(rows);
    // Once the actor is gone and the rows carry the pseudonym, nothing more: not even the name back.
    await db.delete(users).where(eq(users.id, op.id));
    expect(await refusal(db.update(adminAudit).set({ actorName: "回来" }).where(eq(adminAudit.id, ids[0])))).toEqual(refused);
  });
});
