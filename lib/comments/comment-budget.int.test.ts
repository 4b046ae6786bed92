// Both databases: a burst of concurrent comments spends the budget's counters under row locks (PGlite runs one
// statement at a time; a server does not). Issue 43, acceptance 2: no burst from one account or one address
// gets past a count, and the same text is refused within a minute.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as post } from "@/app/api/v1/articles/[id]/comments/route";
import { getDb } from "@/lib/db";
import { comments } from "@/lib/db/schema";
import { call } from "@/test/api";
import { newArticles, newUser } from "@/test/users";

let article = 0;
beforeAll(async () => {
  [{ id: article }] = await newArticles(1, "预算");
});

const say = (token: string, content: string, peer: string) =>
  call(post, `/api/v1/articles/${article}/comments`, { token, json: { content }, params: { id: String(article) }, peer }).then((r) => r.status);
const countBy = async (userIds: number[]) => {
  const db = await getDb();
  let n = 0;
  for (const id of userIds) n += Number((await db.select({ n: count() }).from(comments).where(eq(comments.userId, id)))[0].n);
  return n;
};

describe("a burst of comments", () => {
  it("50 at once from one account (each from another address): 30, the account's hour, and no more", async () => {
    const spammer = await newUser("burst", { phone: true });
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => say(spammer.token, `第 ${i} 条`, `198.51.100.${i + 1}`)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s !== 201)).toEqual(Array(20).fill(429));
    expect(await countBy([spammer.id])).toBe(30);
  }, 60_000);

  it("50 at once from one address (each another account): 10, then the human check for the rest", async () => {
    const accounts = await Promise.all(Array.from({ length: 50 }, (_, i) => newUser(`crowd${i}`, { phone: true })));
    const statuses = await Promise.all(accounts.map((a, i) => say(a.token, `同一网络 ${i}`, "203.0.113.77")));
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 428)).toHaveLength(40);
    expect(await countBy(accounts.map((a) => a.id))).toBe(10);
  }, 60_000);

  it("the same text twice within a minute, even at once: one comment", async () => {
    const eager = await newUser("twice", { phone: true });
    const statuses = await Promise.all([say(eager.token, "沙发！", "198.51.100.201"), say(eager.token, "沙发！", "198.51.100.202")]);
    expect(statuses.sort()).toEqual([201, 429]);
    expect(await countBy([eager.id])).toBe(1);
  });
});
