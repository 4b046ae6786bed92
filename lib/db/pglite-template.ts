// A new embedded database starts as a copy of the build's template: an empty PGlite data directory with
// every migration applied, made by `npm start` right after it builds (.next/standalone/.pglite-template).
// Copying it takes a fraction of a second where PGlite's initdb takes several; the server's start then
// finds no pending migration and only seeds. Without a template (tools, tests, next dev, a build made
// another way) a new directory is created by initdb as before.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** Where the standalone server (cwd .next/standalone) finds the template. */
export const TEMPLATE_DIR = ".pglite-template";

/**
 * Copies the directory tree `from` into `to` (created when missing). A PGlite data directory is about a thousand
 * small files: the system's `cp -R` copies one in about 0.1 s where node's cpSync takes 0.7 s, so it is used where
 * there is one; cpSync otherwise.
 */
export function copyDirectory(from: string, to: string): void {
  if (process.platform !== "win32" && spawnSync("cp", ["-R", `${from}/.`, to], { stdio: "ignore" }).status === 0) return;
  cpSync(from, to, { recursive: true });
}

/** A directory PGlite would initialise: missing, or empty. */
function isNew(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * Copies the template into `dataDir` when the directory is new and a complete template exists (called
 * with the data directory's lock held). Answers whether it did; a failed copy leaves no partial directory.
 */
export function copyTemplateInto(dataDir: string, template = join(process.cwd(), TEMPLATE_DIR)): boolean {
  if (!existsSync(join(template, "PG_VERSION")) || !isNew(dataDir)) return false;
  try {
    copyDirectory(template, dataDir);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return true;
}
