import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { openDatabase } from "@/lib/db/client";
import { getOrCreateSetting } from "@/lib/db/settings";
import { appSettings } from "@/lib/db/schema";
import { authSecret, resetAuthSecret } from "./secret";

afterEach(() => {
  delete process.env.AUTH_SECRET;
  resetConfig();
  resetAuthSecret();
});

describe("auth secret", () => {
  it("is generated once, stored in the database and reused", async () => {
    const first = await authSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    resetAuthSecret(); // as after a restart
    expect(Buffer.from(await authSecret()).equals(Buffer.from(first))).toBe(true);
    const [row] = await (await getDb()).select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
    expect(new TextEncoder().encode(row.value)).toEqual(first);
  });

  it("uses AUTH_SECRET when it is set", async () => {
    process.env.AUTH_SECRET = "x".repeat(40);
    resetConfig();
    expect(new TextDecoder().decode(await authSecret())).toBe("x".repeat(40));
  });

  it("gives concurrent first callers the same value (first writer wins)", async () => {
    const db = await getDb();
    const values = await Promise.all(
      Array.from({ length: 5 }, (_, i) => getOrCreateSetting(db, "race_test", () => `value-${i}`)),
    );
    expect(new Set(values).size).toBe(1);
  });
});

// Two instances on one database share the secret (a second connection stands for a second instance).
// int-postgres runs this case.
// Skipped on int-pglite (reason): PGlite lets one process open a data directory: there is no second instance on the same database.
describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("the secret on a database server", () => {
  it("is shared by instances on the same database", async () => {
    const other = await openDatabase({ poolSize: 1 });
    try {
      expect(await getOrCreateSetting(other.db, "auth_secret", () => "never used")).toBe(
        new TextDecoder().decode(await authSecret()),
      );
    } finally {
      await other.close();
    }
  });
});
