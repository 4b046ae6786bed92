// Signed-in callers for integration tests: a user row and a token for it.
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articles, users } from "@/lib/db/schema";

let seq = 0;

/**
 * `createdAt` in the past makes an established account (new ones have smaller daily budgets: lib/abuse/budgets.ts);
 * `phone` a proven phone number (what commenting asks for).
 */
export async function newUser(prefix = "u", { createdAt, phone = false }: { createdAt?: Date; phone?: boolean } = {}): Promise<{ id: number; token: string }> {
  const n = ++seq;
  const proven = phone ? { phoneNumber: `139${String(process.pid % 10000).padStart(4, "0")}${String(n).padStart(4, "0")}`, phoneVerifiedAt: new Date() } : {};
  const [u] = await (await getDb())
    .insert(users)
    .values({ accountName: `${prefix}_${process.pid}_${n}`, ...proven, ...(createdAt ? { createdAt } : {}) })
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
