// Sums the reporters' JSON output (Vitest, Playwright) into the last line CI reads: `N passed, M failed`.
// Usage: node scripts/test-totals.mjs <run> [<run> …], a run being `<label>=<exit status>:<results dir>`
// (one per Node.js line CI runs the suite under), or only an exit status for ./test-results. Exits non-zero
// when anything failed or nothing ran.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

/** Passed and failed tests of one run; a run that failed outside the reporters counts one failure. */
function totalsOf({ label, status, dir }) {
  let passed = 0;
  let failed = 0;
  const vitest = read(join(dir, "vitest.json"));
  if (vitest) {
    passed += vitest.numPassedTests;
    // A file that fails to load fails no test: count such files as failures too.
    const brokenFiles = vitest.testResults.filter((f) => f.status === "failed" && f.assertionResults.every((a) => a.status !== "failed")).length;
    failed += vitest.numFailedTests + brokenFiles;
    console.log(`${label}vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests + vitest.numTodoTests} skipped`);
  }
  const playwright = read(join(dir, "playwright.json"));
  if (playwright) {
    const s = playwright.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    console.log(`${label}playwright: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
  }
  // A failing typecheck, lint or runner crash counts as one failure even if no test reported it.
  if (status !== 0 && failed === 0) {
    failed = 1;
    console.log(`${label}failed outside the test reporters (typecheck, lint, a runner error or a missing runtime)`);
  }
  if (passed + failed === 0) {
    failed = 1;
    console.log(`${label}no test ran: counted as a failure`);
  }
  return { passed, failed, status };
}

const args = process.argv.slice(2);
const runs = args.every((a) => /^\d+$/.test(a))
  ? [{ label: "", status: Number(args[0] ?? 0), dir: "test-results" }]
  : args.map((arg) => {
      const m = /^(.+?)=(\d+):(.+)$/.exec(arg);
      if (!m) throw new Error(`test-totals: expected <label>=<status>:<dir>, got ${arg}`);
      return { label: `${m[1]}: `, status: Number(m[2]), dir: m[3] };
    });
const results = runs.map(totalsOf);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.some((r) => r.status !== 0) || failed > 0 || passed === 0 ? 1 : 0);
