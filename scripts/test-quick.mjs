// npm run test:quick: the inner loop. The typecheck, lint of the changed files, and the Vitest tests (unit and
// integration) related to the files changed since `main` — every test in a changed file's folder, and by the
// import graph those of everything that imports it — on the Node.js that runs it. No build,
// no journeys: npm test runs everything before a commit lands (docs/testing.md).
//   npm run test:quick                 changes since main (committed on a branch, staged, unstaged, new files)
//   npm run test:quick -- <since>      changes since another commit
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";

const root = join(import.meta.dirname, "..");
const git = (...args) => spawnSync("git", args, { cwd: root, encoding: "utf8" });
const since = process.argv[2] ?? (git("rev-parse", "--verify", "-q", "origin/main").status === 0 ? "origin/main" : "main");
const base = git("merge-base", "HEAD", since).stdout.trim() || since;
const changed = [
  ...git("diff", "--name-only", "--diff-filter=ACMR", base).stdout.split("\n"),
  ...git("ls-files", "--others", "--exclude-standard").stdout.split("\n"),
]
  .filter(Boolean)
  .filter((f, i, all) => all.indexOf(f) === i && existsSync(join(root, f)));
const code = changed.filter((f) => /\.(ts|tsx|mjs|js|cjs)$/.test(f));
// The changed files' own folders' tests run too, even those whose imports do not reach the change (a folder's
// tests are its module's contract).
const TEST_FILE = /\.test\.tsx?$/;
const folderTests = [...new Set(code.map((f) => dirname(f)))]
  .filter((dir) => dir !== "." && existsSync(join(root, dir)))
  .flatMap((dir) => readdirSync(join(root, dir)).filter((name) => TEST_FILE.test(name)).map((name) => join(dir, name)));
const targets = [...new Set([...code, ...folderTests])];
console.log(`test:quick: ${changed.length} file(s) changed since ${since === base ? since : `${since} (${base.slice(0, 8)})`}${code.length ? `: ${code.slice(0, 8).join(", ")}${code.length > 8 ? " …" : ""}` : ""}`);

const bin = (name) => join(root, "node_modules", ".bin", name);
// SHIYUE_TEST_QUICK: vitest.config.ts leaves out the route matrices (`// Not in test:quick:`), which import every
// route so that any change reaches them; npm test runs them.
const run = (name, cmd, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, SHIYUE_TEST_QUICK: "1" } });
    child.on("exit", (status) => resolve({ name, status: status ?? 1, seconds: (Date.now() - started) / 1000 }));
  });

const started = Date.now();
const checks = [run("typecheck", bin("tsc"), ["--noEmit"])];
if (code.length) checks.push(run("lint", bin("eslint"), ["--max-warnings=0", "--no-warn-ignored", ...code]));
const results = await Promise.all(checks);
// The related tests: unit and integration (on PGlite, or on the server too when TEST_DATABASE_URL is set).
if (code.length) {
  const projects = ["unit", "int-pglite", ...(process.env.TEST_DATABASE_URL ? ["int-postgres"] : [])].flatMap((p) => ["--project", p]);
  results.push(await run("related tests", bin("vitest"), ["related", "--run", "--passWithNoTests", ...projects, ...targets]));
}
console.log(`\ntest:quick: ${results.map((r) => `${r.name} ${r.status === 0 ? "ok" : "FAILED"} (${Math.round(r.seconds)} s)`).join(", ")}; ${Math.round((Date.now() - started) / 1000)} s in all`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
