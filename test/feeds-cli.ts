// `npm run feeds` as a child process for integration tests, on the test's database: the same Postgres database,
// or (on PGlite, which allows one process per data directory) a directory of its own, migrated (a copy of the
// tests' template), that the test opens in its own process between commands with `openHere`.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { resetConfig } from "@/lib/config";
import { closeDb } from "@/lib/db";
import { copyMigratedTemplate } from "./pglite-dirs";

const run = promisify(execFile);

export function feedsCli(prefix: string) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  let dir = "";
  return {
    async setUp() {
      dir = await mkdtemp(join(tmpdir(), prefix));
      if (!process.env.DATABASE_URL) {
        await closeDb();
        env.PGLITE_DIR = copyMigratedTemplate(join(dir, "pglite"));
      }
      delete env.NODE_OPTIONS; // vitest's loader hooks are not for the child
    },
    async tearDown() {
      await rm(dir, { recursive: true, force: true });
    },
    /** The folder the commands' files may go in. */
    dir: () => dir,
    async run(...args: string[]): Promise<{ code: number; out: string }> {
      try {
        const { stdout, stderr } = await run("node", ["--conditions=react-server", "--import", "tsx", "scripts/feeds.ts", ...args], { env, timeout: 60_000 });
        return { code: 0, out: stdout + stderr };
      } catch (err) {
        const e = err as { code: number; stdout: string; stderr: string };
        return { code: e.code, out: e.stdout + e.stderr };
      }
    },
    /** Opens the commands' database in this process (a PGlite directory allows one process at a time). */
    async openHere() {
      await closeDb();
      if (env.PGLITE_DIR) process.env.PGLITE_DIR = env.PGLITE_DIR;
      resetConfig();
    },
  };
}
