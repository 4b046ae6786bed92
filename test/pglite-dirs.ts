// Embedded data directories for integration tests that open their own: a copy of the migrated template the
// project's global setup made (test/db-template.ts), as `npm start` copies its template into a new directory —
// not PGlite's initdb, which takes several seconds of a busy machine, where that is not what the test is about.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { copyDirectory } from "@/lib/db/pglite-template";

/** Makes `dir` (which must not exist) a migrated, empty data directory; answers `dir`. */
export function copyMigratedTemplate(dir: string): string {
  copyDirectory(inject("dbTemplate"), dir);
  return dir;
}

/** A new migrated, empty data directory in a temporary folder of its own. */
export const migratedDataDir = (prefix = "shiyue-dir-") => copyMigratedTemplate(join(mkdtempSync(join(tmpdir(), prefix)), "pglite"));
