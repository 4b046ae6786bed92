import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexName, migrationsFolder, readMigrations } from "./migrate";
import { migrationProblems, ONLINE_FROM } from "./migration-rules";

const m = (...statements: string[]) => ({ tag: "9999_x", statements });

describe("migration rules", () => {
  it("every committed migration reads, and those under the rules keep them", () => {
    const all = readMigrations();
    expect(all.length).toBeGreaterThanOrEqual(ONLINE_FROM);
    for (const migration of all.slice(ONLINE_FROM)) {
      const text = readFileSync(join(migrationsFolder(), `${migration.tag}.sql`), "utf8");
      expect(migrationProblems(migration, text)).toEqual([]);
    }
  });

  it("an index on an existing table must be built concurrently; on a table made in the same migration it need not", () => {
    expect(migrationProblems(m(`CREATE INDEX "a_idx" ON "articles" USING btree ("title")`))).toHaveLength(1);
    expect(migrationProblems(m(`CREATE UNIQUE INDEX "a_idx" ON "articles" ("guid")`))).toHaveLength(1);
    expect(migrationProblems(m(`CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "articles" ("title")`))).toEqual([]);
    expect(migrationProblems(m(`CREATE TABLE "notes" ("id" integer)`, `CREATE INDEX "notes_idx" ON "notes" ("id")`))).toEqual([]);
  });

  it("what the previous release may still use goes only with a written reason", () => {
    for (const s of [
      `ALTER TABLE "articles" DROP COLUMN "summary"`,
      `DROP TABLE "comments"`,
      `ALTER TABLE "articles" RENAME COLUMN "summary" TO "abstract"`,
      `ALTER TABLE "articles" ALTER COLUMN "summary" SET NOT NULL`,
      `ALTER TABLE "articles" ALTER COLUMN "view_cnt" SET DATA TYPE bigint`,
      `ALTER TABLE "articles" ADD COLUMN "lang" text NOT NULL`,
    ]) {
      expect(migrationProblems(m(s)), s).toHaveLength(1);
      expect(migrationProblems(m(s), `-- contract: 0.9 起不再读这一列\n${s}`), s).toEqual([]);
    }
    expect(migrationProblems(m(`ALTER TABLE "articles" ADD COLUMN "lang" text DEFAULT 'zh' NOT NULL`))).toEqual([]);
    expect(migrationProblems(m(`ALTER TABLE "articles" ADD COLUMN "lang" text`))).toEqual([]);
  });

  it("names the index a concurrent statement builds or drops", () => {
    expect(indexName(`CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "articles" ("title")`)).toBe(`"a_idx"`);
    expect(indexName(`DROP INDEX CONCURRENTLY IF EXISTS public.a_idx`)).toBe("public.a_idx");
  });
});
