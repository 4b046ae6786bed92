// Both databases: concurrent guesses counting against one lock-out (PGlite runs one statement at a time; a server does not).
// Issue 42 ("budget raced"): a burst of password guesses gets no more checks than the lock-out allows.
import { describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { getDb } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { call } from "@/test/api";
import { hashPassword, verifyPassword } from "./password";
import { LOGIN_FAILURE_LIMIT } from "./constants";

// Every argon2id check is counted: the work, and the guesses, the lock-out is there to bound.
vi.mock("./password", async (original) => {
  const real = await original<typeof import("./password")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

describe("a burst of password guesses", () => {
  it(`checks ${LOGIN_FAILURE_LIMIT} of 30 concurrent wrong guesses at one account from one address, and refuses the rest`, async () => {
    const account = `burst_${process.pid}`;
    await (await getDb()).insert(users).values({ accountName: account, hashedPassword: await hashPassword("the-right-one") });
    vi.mocked(verifyPassword).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(login, "/api/v1/auth/login", { form: { username: account, password: `guess-${i}` }, peer: "203.0.113.150" }).then((r) => r.status),
      ),
    );
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(LOGIN_FAILURE_LIMIT);
    expect(answers.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURE_LIMIT - 1); // the tenth wrong guess locks: 429
    expect(answers.filter((s) => s === 429)).toHaveLength(30 - (LOGIN_FAILURE_LIMIT - 1));
    // The owner, from another address, is not locked out.
    const owner = await call(login, "/api/v1/auth/login", { form: { username: account, password: "the-right-one" }, peer: "198.51.100.150" });
    expect(owner.status).toBe(200);
  });
});
