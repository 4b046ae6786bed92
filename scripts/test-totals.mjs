// Sums the reporters' JSON output (Vitest, Playwright) into the last line CI reads: `N passed, M failed`.
// Usage: node scripts/test-totals.mjs <run> [<run> …], a run being `<label>=<exit status>:<results dir>`
// (one per Node.js line CI runs the suite under), or only an exit status for ./test-results. Exits non-zero
// when anything failed or nothing ran. Failed tests are named (with the first line of their error) just before
// the totals, where the tail of CI's output shows them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const firstLine = (text) => String(text ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").find((l) => l.trim())?.trim().slice(0, 200) ?? "";

/** Playwright's failed tests, walking its nested suites: `[project] file:line › title — error`. */
function playwrightFailures(suite, out = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== "unexpected") continue;
      const error = test.results?.at(-1)?.error?.message;
      out.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title} — ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, out);
  return out;
}

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

/** Passed and failed tests of one run; a run that failed outside the reporters counts one failure. */
function totalsOf({ label, status, dir }) {
  let passed = 0;
  let failed = 0;
  // One report per Vitest run: vitest.json (npm run test:unit) or vitest-<project>.json (npm test's phases).
  const reports = existsSync(dir) ? readdirSync(dir).filter((f) => /^vitest(-[\w-]+)?\.json$/.test(f)).sort() : [];
  for (const report of reports) {
    const vitest = read(join(dir, report));
    passed += vitest.numPassedTests;
    // A file that fails to load fails no test: count such files as failures too.
    const brokenFiles = vitest.testResults.filter((f) => f.status === "failed" && f.assertionResults.every((a) => a.status !== "failed"));
    failed += vitest.numFailedTests + brokenFiles.length;
    for (const file of brokenFiles) console.log(`${label}failed to load: ${file.name} — ${firstLine(file.message)}`);
    for (const file of vitest.testResults) {
      for (const a of file.assertionResults.filter((t) => t.status === "failed")) console.log(`${label}failed: ${file.name} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
    }
    console.log(`${label}${report.replace(/\.json$/, "")}: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests + vitest.numTodoTests} skipped`);
  }
  // The Node.js 20 line's check of the README's `npm ci && npm start` (scripts/smoke-start.mjs).
  const smoke = read(join(dir, "smoke.json"));
  if (smoke) {
    for (const c of smoke.checks.filter((c) => !c.ok)) console.log(`${label}failed: npm start › ${c.name} — ${firstLine(c.error)}`);
    passed += smoke.checks.filter((c) => c.ok).length;
    failed += smoke.checks.filter((c) => !c.ok).length;
    console.log(`${label}npm start: ${smoke.checks.filter((c) => c.ok).length} passed, ${smoke.checks.filter((c) => !c.ok).length} failed`);
  }
  const playwright = read(join(dir, "playwright.json"));
  if (playwright) {
    const s = playwright.stats;
    for (const line of (playwright.suites ?? []).flatMap((suite) => playwrightFailures(suite))) console.log(`${label}failed: ${line}`);
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
