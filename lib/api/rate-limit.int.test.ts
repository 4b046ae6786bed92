// Both databases: upserts under concurrent requests (PGlite serializes statements; a server does not).
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { hit, peek, reset } from "./rate-limit";

const t0 = new Date("2026-11-22T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("database rate limits", () => {
  it("count within a window and start over after it", async () => {
    const db = await getDb();
    const rule = { limit: 3, windowMs: 60_000 };
    expect((await hit(db, "w", rule, at(0))).limited).toBe(false);
    expect((await hit(db, "w", rule, at(10_000))).count).toBe(2);
    const third = await hit(db, "w", rule, at(20_000));
    expect(third).toEqual({ count: 3, limited: true, retryAfterSec: 40, windowStart: at(0) });
    expect((await peek(db, "w", rule, at(59_000))).limited).toBe(true);
    expect(await peek(db, "w", rule, at(60_000))).toEqual({ count: 0, limited: false, retryAfterSec: 0, windowStart: at(60_000) });
    expect((await hit(db, "w", rule, at(61_000))).count).toBe(1);
  });

  it("block for blockMs from the event that reached the limit", async () => {
    const db = await getDb();
    const rule = { limit: 2, windowMs: 60_000, blockMs: 600_000 };
    await hit(db, "b", rule, at(0));
    const second = await hit(db, "b", rule, at(50_000));
    expect(second.limited).toBe(true);
    expect(second.retryAfterSec).toBe(600);
    expect((await peek(db, "b", rule, at(600_000))).limited).toBe(true);
    expect((await peek(db, "b", rule, at(650_001))).limited).toBe(false);
  });

  it("count concurrent hits exactly", async () => {
    const db = await getDb();
    const rule = { limit: 100, windowMs: 60_000 };
    await Promise.all(Array.from({ length: 20 }, () => hit(db, "c", rule, at(0))));
    expect((await peek(db, "c", rule, at(1000))).count).toBe(20);
    await reset(db, "c");
    expect((await peek(db, "c", rule, at(1000))).count).toBe(0);
  });
});
