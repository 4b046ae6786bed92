import "server-only";
// The operators' audit log: every change made in the console or by `npm run admin` is recorded here in the
// transaction of the change itself (a change without its record cannot commit, nor a record without its
// change). Rows are only ever inserted; the console lists them and offers no way to edit one.
import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { adminAudit, type AdminAudit } from "@/lib/db/schema";

/** Who acted: an operator's account, or the command line (`id` null, `name` such as "命令行"). */
export type Actor = { id: number | null; name: string };

/** The operator making a console call. */
export const actorOf = (user: { id: number; accountName: string }): Actor => ({ id: user.id, name: user.accountName });

export type AuditEntry = {
  action: string;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
};

/**
 * A value as jsonb takes it: a lone surrogate in a string (valid in JavaScript, which JSON.stringify escapes as
 * \ud800) is refused by PostgreSQL's jsonb, so every string is made well-formed (U+FFFD) first.
 */
export function jsonbSafe(value: unknown): unknown {
  if (typeof value === "string") return value.toWellFormed();
  if (Array.isArray(value)) return value.map(jsonbSafe);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toWellFormed(), jsonbSafe(v)]));
  }
  return value;
}

export async function recordAction(tx: Db | Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    objectType: entry.objectType,
    objectId: String(entry.objectId),
    before: jsonbSafe(entry.before ?? null),
    after: jsonbSafe(entry.after ?? null),
  });
}

/** Runs `change` in a transaction and records what it returns (null: nothing changed, nothing recorded). */
export async function audited<T>(
  db: Db,
  actor: Actor,
  change: (tx: Tx) => Promise<{ result: T; entry: AuditEntry | null }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, entry } = await change(tx);
    if (entry) await recordAction(tx, actor, entry);
    return result;
  });
}

export type AuditFilter = {
  action?: string;
  objectType?: string;
  objectId?: string;
  actor?: string;
  from?: Date;
  to?: Date;
};

export type AuditRow = {
  id: number;
  actor_id: number | null;
  actor_name: string;
  action: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
};

function toRow(r: AdminAudit): AuditRow {
  return {
    id: r.id,
    actor_id: r.actorId,
    actor_name: r.actorName,
    action: r.action,
    object_type: r.objectType,
    object_id: r.objectId,
    before: r.before,
    after: r.after,
    created_at: r.createdAt.toISOString(),
  };
}

/** Newest first, `limit` per page; a page reads its rows through the (created_at, id) index. */
export async function listAudit({ db, filter, page, limit }: { db: Db; filter: AuditFilter; page: number; limit: number }) {
  const where: (SQL | undefined)[] = [
    filter.action ? or(eq(adminAudit.action, filter.action), sql`${adminAudit.action} like ${`${filter.action}.%`}`) : undefined,
    filter.objectType ? eq(adminAudit.objectType, filter.objectType) : undefined,
    filter.objectId ? eq(adminAudit.objectId, filter.objectId) : undefined,
    filter.actor ? eq(adminAudit.actorName, filter.actor) : undefined,
    filter.from ? gte(adminAudit.createdAt, filter.from) : undefined,
    filter.to ? lte(adminAudit.createdAt, filter.to) : undefined,
  ];
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(cond)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(adminAudit).where(cond),
  ]);
  return { items: rows.map(toRow), total: n };
}

/** The records about one object, newest first (an article's or a user's history in the console). */
export async function auditOf({ db, objectType, objectId, before }: { db: Db; objectType: string; objectId: string; before?: Date }) {
  const rows = await db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.objectType, objectType), eq(adminAudit.objectId, objectId), before ? lt(adminAudit.createdAt, before) : undefined))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(50);
  return rows.map(toRow);
}
