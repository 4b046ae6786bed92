// Gives each integration test file its own fresh, migrated database, copied from the template the project's
// global setup made (test/db-template.ts): a PGlite data directory in a temporary folder by default, or a
// throw-away database on the server named by TEST_DATABASE_URL (created here, dropped afterwards).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, inject, vi } from "vitest";

// The integration projects keep a worker's modules loaded from one file to the next (isolate: false in
// vitest.config.ts): the libraries in node_modules load once per worker. Each file still starts as a fresh process
// would as far as our code goes: the project's own modules evaluated again, and none of the process-wide state
// they keep on globalThis (`__shiyue…`: the database handle, caches, workers' handles) left from the file before.
vi.resetModules();
for (const key of Object.keys(globalThis)) if (key.startsWith("__shiyue")) delete (globalThis as Record<string, unknown>)[key];
const { resetConfig } = await import("@/lib/config");
const { closeDb } = await import("@/lib/db");
const { copyDirectory } = await import("@/lib/db/pglite-template");

const driver = process.env.TEST_DB_DRIVER ?? "pglite";
const template = inject("dbTemplate");
let cleanUp: (() => Promise<void>) | undefined;

if (driver === "postgres") {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is required for the int-postgres project");
  const name = `shiyue_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanUp = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
} else {
  delete process.env.DATABASE_URL;
  const folder = mkdtempSync(join(tmpdir(), "shiyue-int-"));
  process.env.PGLITE_DIR = join(folder, "pglite");
  copyDirectory(template, process.env.PGLITE_DIR);
  cleanUp = async () => rmSync(folder, { recursive: true, force: true });
}
process.env.SEED_DEMO = "false";
resetConfig();

afterAll(async () => {
  await closeDb();
  await cleanUp?.();
});
