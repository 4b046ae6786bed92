// Sums the reporters' JSON output (Vitest, Playwright) into the last line CI reads: `N passed, M failed`.
// Usage: node scripts/test-totals.mjs <exit status of npm test>. Exits non-zero when anything failed
// or nothing ran.
import { existsSync, readFileSync } from "node:fs";

const status = Number(process.argv[2] ?? 0);
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

let passed = 0;
let failed = 0;
const vitest = read("test-results/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  // A file that fails to load fails no test: count such files as failures too.
  const brokenFiles = vitest.testResults.filter((f) => f.status === "failed" && f.assertionResults.every((a) => a.status !== "failed")).length;
  failed += vitest.numFailedTests + brokenFiles;
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests + vitest.numTodoTests} skipped`);
}
const playwright = read("test-results/playwright.json");
if (playwright) {
  const s = playwright.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  console.log(`playwright: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
}
// A failing typecheck, lint or runner crash counts as one failure even if no test reported it.
if (status !== 0 && failed === 0) {
  failed = 1;
  console.log("npm test failed outside the test reporters (typecheck, lint or a runner error)");
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(status !== 0 || failed > 0 || passed === 0 ? 1 : 0);
