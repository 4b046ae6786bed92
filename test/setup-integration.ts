// Gives each integration test file its own fresh database: an in-memory PGlite by default, or a
// throw-away database on the server named by TEST_DATABASE_URL (created here, dropped afterwards).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeDb } from "@/lib/db";

const driver = process.env.TEST_DB_DRIVER ?? "pglite";
let dropDatabase: (() => Promise<void>) | undefined;

if (driver === "postgres") {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is required for the int-postgres project");
  const name = `shiyue_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
process.env.SEED_DEMO = "false";
resetConfig();

afterAll(async () => {
  await closeDb();
  await dropDatabase?.();
});
