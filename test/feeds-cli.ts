// `npm run feeds` as a child process for integration tests, on the test's database: the same Postgres database,
// or on PGlite (one process per data directory) a directory of its own, migrated (a copy of the tests' template),
// reached one of the two ways an operator reaches it:
// - "directory": the command opens the directory itself (the site is not running); the test opens it in its own
//   process between commands with `openHere` and closes it again before the next command;
// - "socket": the test process holds the directory open and shares it on its socket, as `npm start` does
//   (lib/db shareEmbeddedDatabase), and every command connects there — no embedded database started per
//   command (about 2 s each on a 2-core machine), and the test reads the commands' writes at once.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { resetConfig } from "@/lib/config";
import { closeDb, getDbHandle, shareEmbeddedDatabase } from "@/lib/db";
import { runFeedsCommand } from "@/lib/ingest/feeds-command";
import { copyMigratedTemplate } from "./pglite-dirs";

const run = promisify(execFile);

export function feedsCli(prefix: string, { through = "directory" }: { through?: "directory" | "socket" } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  let dir = "";
  return {
    async setUp() {
      dir = await mkdtemp(join(tmpdir(), prefix));
      if (!process.env.DATABASE_URL) {
        await closeDb();
        env.PGLITE_DIR = copyMigratedTemplate(join(dir, "pglite"));
        if (through === "socket") {
          process.env.PGLITE_DIR = env.PGLITE_DIR;
          resetConfig();
          shareEmbeddedDatabase();
          await getDbHandle();
        }
      }
      delete env.NODE_OPTIONS; // vitest's loader hooks are not for the child
    },
    async tearDown() {
      if (through === "socket") await closeDb();
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
    /**
     * The same command run in this process, on this process's database ("socket": the one the commands share; on
     * PostgreSQL the test's database): what the command does without the ~4 s a child process spends starting
     * Node.js and compiling the project's TypeScript on a 2-core machine. `run` proves the process itself.
     */
    async here(...args: string[]): Promise<{ code: number; out: string }> {
      let out = "";
      const code = await runFeedsCommand(args, { out: (text) => void (out += text), err: (text) => void (out += text) });
      return { code, out };
    },
    /** Opens the commands' database in this process ("directory": one process at a time; "socket": already open). */
    async openHere() {
      if (through === "socket") return;
      await closeDb();
      if (env.PGLITE_DIR) process.env.PGLITE_DIR = env.PGLITE_DIR;
      resetConfig();
    },
    /** Lets the next command open the directory ("directory"; with "socket" the database stays open here). */
    async release() {
      if (through === "directory") await closeDb();
    },
  };
}
