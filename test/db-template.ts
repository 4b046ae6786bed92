// Vitest global setup of the integration projects: one migrated, empty database made once and copied for each
// test file, instead of every file paying for PGlite's initdb (seconds) and all the migrations again.
// - int-pglite: a PGlite data directory under node_modules/.cache, copied into a temporary directory per file
//   (the embedded database's own template mechanism, lib/db/pglite-template.ts).
// - int-postgres: a database on the TEST_DATABASE_URL server, the per-file databases made with CREATE DATABASE …
//   TEMPLATE.
// Both are named by a hash of drizzle/, so a new or edited migration makes a new template; they are made by
// scripts/migrate.ts, which thereby tests the migrations from an empty database on every run that changes them.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

const root = resolve(import.meta.dirname, "..");

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template: a data directory (int-pglite) or a database name (int-postgres). */
    dbTemplate: string;
  }
}

/** Changes whenever a migration file or the journal changes. */
function migrationsHash(): string {
  const hash = createHash("sha1");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else hash.update(`${path.slice(root.length)}\0`).update(readFileSync(path));
    }
  };
  walk(join(root, "drizzle"));
  return hash.digest("hex").slice(0, 12);
}

/** Runs the project's own migration command against the given database; throws with its output on failure. */
function migrate(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/migrate.ts"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, SEED_DEMO: "false", LOG_LEVEL: "error", ...env },
  });
  if (run.status !== 0) throw new Error(`the migrations failed on an empty database:\n${run.stdout}${run.stderr}`);
}

function pgliteTemplate(): string {
  const dir = join(root, "node_modules", ".cache", "shiyue-tests", `pglite-${migrationsHash()}`);
  if (existsSync(join(dir, "PG_VERSION"))) return dir;
  const making = `${dir}.${process.pid}.${randomBytes(3).toString("hex")}`;
  mkdirSync(join(making, ".."), { recursive: true });
  try {
    migrate({ DATABASE_URL: "", PGLITE_DIR: making });
    // Another run may have made it meanwhile: then ours is dropped.
    if (!existsSync(join(dir, "PG_VERSION"))) renameSync(making, dir);
  } finally {
    rmSync(making, { recursive: true, force: true });
    rmSync(`${making}.lock`, { force: true });
  }
  return dir;
}

/** Templates kept on a server (this run's and the newest others). */
const KEPT_TEMPLATES = 4;

async function postgresTemplate(base: string): Promise<string> {
  const name = `shiyue_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return name;
    const making = `${name}_${randomBytes(3).toString("hex")}`;
    await admin.query(`create database "${making}"`);
    try {
      const url = new URL(base);
      url.pathname = `/${making}`;
      migrate({ DATABASE_URL: url.toString() });
      await admin.query(`alter database "${making}" rename to "${name}"`);
    } catch (err) {
      await admin.query(`drop database if exists "${making}" with (force)`);
      // Made by another run meanwhile (the rename collided): use that one.
      const made = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (!made.rowCount) throw err;
    }
    // Templates of earlier migrations are dropped, but not the few newest: another checkout on this server (a
    // fresh clone being checked while work goes on here) may be running its files from one of them right now.
    const old = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'shiyue\\_tpl\\_%' and datname <> $1 order by oid desc offset $2",
      [name, KEPT_TEMPLATES - 1],
    );
    for (const { datname } of old.rows) await admin.query(`drop database if exists "${datname}"`).catch(() => {});
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER;
  if (driver === "postgres") {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is required for the int-postgres project");
    project.provide("dbTemplate", await postgresTemplate(base));
  } else {
    project.provide("dbTemplate", pgliteTemplate());
  }
}
