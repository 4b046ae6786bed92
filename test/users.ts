// Signed-in callers for integration tests: a user row and a token for it.
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articles, users } from "@/lib/db/schema";

let seq = 0;

/** `createdAt` in the past makes an established account (new ones have smaller daily budgets: lib/abuse/budgets.ts). */
export async function newUser(prefix = "u", { createdAt }: { createdAt?: Date } = {}): Promise<{ id: number; token: string }> {
  const [u] = await (await getDb())
    .insert(users)
    .values({ accountName: `${prefix}_${process.pid}_${++seq}`, ...(createdAt ? { createdAt } : {}) })
    .returning();
  return { id: u.id, token: await signToken(u.id) };
}

/** Articles with zero counters (no imported platform counts), so counters must equal their rows. */
export async function newArticles(n: number, prefix = "互动"): Promise<{ id: number; title: string }[]> {
  const stamp = `${process.pid}-${++seq}`;
  return (await getDb())
    .insert(articles)
    .values(Array.from({ length: n }, (_, i) => ({ title: `${prefix}${i}`, sourceUrl: `https://example.com/i/${stamp}/${i}` })))
    .returning({ id: articles.id, title: articles.title });
}
