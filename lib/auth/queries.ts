import "server-only";
// Reads and writes of accounts.
import { and, count, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { comments, favorites, likes, readHistory, users, type NewUser, type User } from "@/lib/db/schema";

/**
 * The account a login name designates: account name (any case), e-mail, or phone number — only a number a code
 * proved (a number typed at registration before proofs were required designates nobody).
 */
export async function findUserByLogin({ db, login }: { db: Db; login: string }): Promise<User | null> {
  const lower = login.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.accountName}) = ${lower}`,
        and(eq(users.phoneNumber, login), isNotNull(users.phoneVerifiedAt)),
        eq(users.email, lower),
      ),
    )
    .limit(1);
  return user ?? null;
}

export async function insertUser({ db, user }: { db: Db | Tx; user: NewUser }): Promise<User> {
  const [row] = await db.insert(users).values(user).returning();
  return row;
}

export async function updateUser({ db, id, set }: { db: Db | Tx; id: number; set: Partial<NewUser> }): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The user's counts from the real rows (read_count is trigger-maintained and equals its rows). */
export async function userStats({ db, userId }: { db: Db; userId: number }) {
  const countOf = async (table: typeof likes | typeof favorites | typeof comments | typeof readHistory) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.userId, userId));
    return Number(row.n);
  };
  const [likesCount, favoritesCount, commentsCount, readCount] = await Promise.all([
    countOf(likes),
    countOf(favorites),
    countOf(comments),
    countOf(readHistory),
  ]);
  return { likes_count: likesCount, favorites_count: favoritesCount, comments_count: commentsCount, read_count: readCount };
}
