import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The integration files that say why they run on both databases, in a line `// Both databases: <reason>` among
 * their first lines: where the driver changes behaviour (locks and concurrency, extensions, migrations, timeouts,
 * dumps, parameter protocols). Every other integration file tests the site's own logic, the same SQL on either
 * engine: it runs once, on the server when there is one (what production runs), else on the embedded PGlite.
 */
function filesOnBothDatabases(): string[] {
  return filesMarked(/^\/\/ Both databases: \S/m);
}

/** Integration files with a line matching `mark` among their first lines (paths from the root). */
function filesMarked(mark: RegExp, dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (["node_modules", ".next", ".git", "e2e", "test-results", ".ci-results", ".cache"].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesMarked(mark, path, out);
    else if (entry.name.endsWith(".int.test.ts") && mark.test(readFileSync(path, "utf8").slice(0, 2000))) out.push(relative(root, path));
  }
  return out;
}
// npm run test:quick (SHIYUE_TEST_QUICK=1) leaves out the route matrices, which import every route so that every
// change reaches them: they say so in a line `// Not in test:quick: <reason>`; npm test runs them.
const notQuick = process.env.SHIYUE_TEST_QUICK === "1" ? filesMarked(/^\/\/ Not in test:quick: \S/m) : [];
// With a PostgreSQL server (TEST_DATABASE_URL, as CI sets it) every integration file runs there and only those
// marked `// Both databases:` run on PGlite too; without one, every integration file runs on PGlite.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
/**
 * Files that take a minute or more of one worker (child processes, thousands of requests): started first, so
 * the other worker is not left idle behind one of them at the end. Vitest orders by last run's durations when
 * it has them; a fresh clone (CI) has none and would order by file size. The CI report's slowest files say
 * when this list needs a new entry.
 */
const SLOW_FIRST = ["lib/summary/media/media.int.test.ts", "app/api/input-matrix.int.test.ts", "app/api/injection.int.test.ts", "lib/db/seed/seed.int.test.ts", "lib/backup/backup.int.test.ts", "app/api/admin/sources/cli-shared.int.test.ts", "lib/db/pglite-template.test.ts"];
class SlowFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((path) => f.moduleId.endsWith(path));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

const integration = (name: string, driver: "pglite" | "postgres", include: string[]) => ({
  extends: true as const,
  test: {
    name,
    include,
    exclude: ["**/node_modules/**", "**/.next/**", "e2e/**", ...notQuick],
    // One migrated database made once (test/db-template.ts), copied for each file by the setup file.
    globalSetup: ["test/db-template.ts"],
    setupFiles: ["test/setup-integration.ts"],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    // A worker keeps node_modules loaded from one file to the next (drizzle, PGlite, pg, the AI SDK, jieba: about a
    // second of each file's start), in threads; each file still gets fresh project modules and no process-wide state
    // of ours (test/setup-integration.ts). 237 s → 153 s for the 88 files on PGlite (docs/testing.md).
    // VITEST_ISOLATE=1 gives each file a fresh worker again, to rule out a leak between files.
    pool: "threads" as const,
    isolate: process.env.VITEST_ISOLATE === "1",
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside React Server Components; tests run server code directly.
      { find: /^server-only$/, replacement: `${root}/test/empty.ts` },
    ],
  },
  test: {
    environment: "node",
    // Vitest's default leaves one core idle; the files wait on databases, servers and child processes as much as
    // they compute, so every core gets a worker (VITEST_MAX_WORKERS overrides; docs/testing.md has the figures).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    sequence: { sequencer: SlowFirst },
    reporters: ["default", "json"],
    // npm test gives each project a file of its own (--outputFile.json=test-results/vitest-<project>.json).
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**", "**/.next/**", "e2e/**"],
        },
      },
      integration("int-pglite", "pglite", onServer ? filesOnBothDatabases() : ["**/*.int.test.ts"]),
      ...(onServer ? [integration("int-postgres", "postgres", ["**/*.int.test.ts"])] : []),
    ],
  },
});
