import "server-only";
// The console's accounts: search, roles and disabling, each change recorded in the audit log in its own
// transaction. `npm run admin -- grant|revoke` goes through the same functions.
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { users, type User, type UserRole } from "@/lib/db/schema";
import { audited, type Actor } from "./audit";

/** 13800000001 → 138****0001: the console never shows a whole phone number. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : "****";
}

export type AdminUserRow = {
  id: number;
  account_name: string;
  display_name: string | null;
  email: string | null;
  phone: string | null;
  role: UserRole;
  disabled_at: string | null;
  created_at: string;
  likes_count: number;
  favorites_count: number;
  summaries_count: number;
};

/** `%`, `_` and `\` in a search term match themselves. */
export const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts whose account name, display name or e-mail contains `q`, or whose phone number contains its digits
 * (newest first). A scan of the users table: fine for an operator's occasional search over tens of thousands
 * of accounts; counts are per listed row through the (user_id, …) indexes.
 */
export async function listUsers({ db, q, role, disabled, id, page, limit }: { db: Db; q?: string; role?: UserRole; disabled?: boolean; id?: number; page: number; limit: number }) {
  const term = q?.trim();
  const digits = term?.replace(/\D/g, "");
  const cond = and(
    term
      ? or(
          ilike(users.accountName, likeTerm(term)),
          ilike(users.displayName, likeTerm(term)),
          ilike(users.email, likeTerm(term)),
          digits && digits.length >= 3 ? sql`${users.phoneNumber} like ${likeTerm(digits)}` : undefined,
        )
      : undefined,
    role ? eq(users.role, role) : undefined,
    disabled === undefined ? undefined : disabled ? sql`${users.disabledAt} is not null` : sql`${users.disabledAt} is null`,
    id === undefined ? undefined : eq(users.id, id),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        user: users,
        likes: sql<number>`(select count(*)::int from likes l where l.user_id = "users"."id")`,
        favorites: sql<number>`(select count(*)::int from favorites f where f.user_id = "users"."id")`,
        summaries: sql<number>`(select count(*)::int from summary_tasks s where s.user_id = "users"."id")`,
      })
      .from(users)
      .where(cond)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(cond),
  ]);
  const items: AdminUserRow[] = rows.map(({ user: u, likes, favorites, summaries }) => ({
    id: u.id,
    account_name: u.accountName,
    display_name: u.displayName,
    email: u.email,
    phone: maskPhone(u.phoneNumber),
    role: u.role,
    disabled_at: u.disabledAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
    likes_count: likes,
    favorites_count: favorites,
    summaries_count: summaries,
  }));
  return { items, total: n };
}

/** What an action answers about the account it changed (never its phone number or password hash). */
export function adminUserSummary(u: User) {
  return { id: u.id, account_name: u.accountName, display_name: u.displayName, role: u.role, disabled_at: u.disabledAt?.toISOString() ?? null };
}

async function lockUser(tx: Pick<Db, "select">, where: ReturnType<typeof eq>): Promise<User | null> {
  const [row] = await tx.select().from(users).where(where).for("update");
  return row ?? null;
}

/** The account named `accountName` (any case), for the command line. */
export async function findUserByAccount({ db, accountName }: { db: Db; accountName: string }): Promise<User | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.accountName}) = ${accountName.toLowerCase()}`);
  return row ?? null;
}

/** Gives or takes the admin role; idempotent (`changed` false, nothing recorded, when it already was). */
export async function setRole({ db, actor, userId, role }: { db: Db; actor: Actor; userId: number; role: UserRole }) {
  return audited(db, actor, async (tx) => {
    const user = await lockUser(tx, eq(users.id, userId));
    if (!user) throw new ApiError("not_found", "用户不存在");
    if (user.role === role) return { result: { user, changed: false }, entry: null };
    if (role !== "admin" && actor.id === user.id) throw new ApiError("conflict", "不能撤销自己的管理员权限");
    const [updated] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
    return {
      result: { user: updated, changed: true },
      entry: { action: role === "admin" ? "user.grant_admin" : "user.revoke_admin", objectType: "user", objectId: user.id, before: { role: user.role }, after: { role } },
    };
  });
}

/** Disables or enables an account; a disabled account's next call answers 401. Idempotent. */
export async function setDisabled({ db, actor, userId, disabled }: { db: Db; actor: Actor; userId: number; disabled: boolean }) {
  return audited(db, actor, async (tx) => {
    const user = await lockUser(tx, eq(users.id, userId));
    if (!user) throw new ApiError("not_found", "用户不存在");
    if (Boolean(user.disabledAt) === disabled) return { result: { user, changed: false }, entry: null };
    if (disabled && actor.id === user.id) throw new ApiError("conflict", "不能停用自己的账号");
    const disabledAt = disabled ? new Date() : null;
    const [updated] = await tx.update(users).set({ disabledAt }).where(eq(users.id, userId)).returning();
    return {
      result: { user: updated, changed: true },
      entry: {
        action: disabled ? "user.disable" : "user.enable",
        objectType: "user",
        objectId: user.id,
        before: { disabled_at: user.disabledAt?.toISOString() ?? null },
        after: { disabled_at: disabledAt?.toISOString() ?? null },
      },
    };
  });
}
