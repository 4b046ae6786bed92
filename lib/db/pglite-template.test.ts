// The build's template database: a copy opens as a working, fully migrated database, and nothing is
// copied over a directory that already holds data.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { committedMigrationCount, migrateDatabase } from "./migrate";
import { copyTemplateInto } from "./pglite-template";

const tmp = mkdtempSync(join(tmpdir(), "shiyue-template-"));
const template = join(tmp, "template");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(async () => {
  const handle = await openDatabase({ dataDir: template, databaseUrl: "" });
  await migrateDatabase(handle);
  await handle.close();
}, 60_000);

describe("the PGlite template", () => {
  it("becomes a new data directory that opens with every migration applied and no data", async () => {
    const dataDir = join(tmp, "fresh");
    expect(copyTemplateInto(dataDir, template)).toBe(true);
    const handle = await openDatabase({ dataDir, databaseUrl: "" });
    try {
      if (handle.driver !== "pglite") throw new Error(handle.driver);
      const applied = await handle.client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(applied.rows[0].n).toBe(committedMigrationCount());
      expect((await handle.client.query<{ n: number }>("select count(*)::int as n from articles")).rows[0].n).toBe(0);
      await handle.client.query("insert into articles (title, source_url) values ('模板里的新库', 'https://example.com/t')");
      expect((await handle.client.query<{ value: string }>("select value from site_counters where name = 'articles'")).rows[0].value).toBe(1);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("is copied into an empty directory, never over one with files, and only when complete", () => {
    const empty = join(tmp, "empty");
    mkdirSync(empty);
    expect(copyTemplateInto(empty, template)).toBe(true);
    expect(readdirSync(empty)).toContain("PG_VERSION");

    const used = join(tmp, "used");
    mkdirSync(used);
    writeFileSync(join(used, "mine.txt"), "x");
    expect(copyTemplateInto(used, template)).toBe(false);
    expect(readdirSync(used)).toEqual(["mine.txt"]);

    expect(copyTemplateInto(join(tmp, "other"), join(tmp, "no-template"))).toBe(false);
  });
});
