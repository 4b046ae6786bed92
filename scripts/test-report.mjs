// Where a test run's time went: the table of phases with their seconds, each Playwright project's share, and
// the ten slowest test files of each runner. Read from what the runs left: test-results/phases.json (npm test),
// the reporters' JSON, and .ci/run's own phases (`ci-phases.json`, one `{ name, seconds, status }` a line).
// Usage: node scripts/test-report.mjs [<ci phases file>] <label>=<results dir> …
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
const args = process.argv.slice(2);
const ciFile = args.find((a) => !a.includes("="));
const runs = args.filter((a) => a.includes("=")).map((a) => ({ label: a.slice(0, a.indexOf("=")), dir: a.slice(a.indexOf("=") + 1) }));
const s = (n) => `${Math.round(n)}`.padStart(6);
const row = (name, seconds, note = "") => console.log(`${name.padEnd(44)}${s(seconds)} s${note ? `  ${note}` : ""}`);

console.log("\nphase                                       seconds");
const ci = ciFile && existsSync(ciFile) ? readFileSync(ciFile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)) : [];
for (const p of ci) {
  row(p.name, p.seconds, p.status === 0 ? "" : "FAILED");
  for (const run of runs.filter((r) => p.name === `${r.label}: npm test`)) {
    const phases = read(join(run.dir, "phases.json"));
    for (const q of phases?.phases ?? []) row(`  ${q.name}`, q.seconds, q.status === 0 ? "" : "FAILED");
    const playwright = read(join(run.dir, "playwright.json"));
    for (const [project, seconds] of Object.entries(playwrightProjects(playwright))) row(`    e2e project ${project} (test time)`, seconds);
  }
}

/** Seconds of test time per Playwright project (workers run side by side, so these add up to more than the wall time). */
function playwrightProjects(report) {
  const out = {};
  for (const file of playwrightFiles(report)) out[file.project] = (out[file.project] ?? 0) + file.seconds;
  return out;
}

function playwrightFiles(report) {
  const files = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const key = `${test.projectName} ${spec.file}`;
        const seconds = (test.results ?? []).reduce((n, r) => n + (r.duration ?? 0), 0) / 1000;
        const entry = files.get(key) ?? { project: test.projectName, file: spec.file, seconds: 0 };
        entry.seconds += seconds;
        files.set(key, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return [...files.values()];
}

function vitestFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^vitest(-[\w-]+)?\.json$/.test(f))
    .flatMap((f) => {
      const project = f.replace(/^vitest-?|\.json$/g, "") || "vitest";
      return read(join(dir, f)).testResults.map((t) => ({ project, file: relative(process.cwd(), t.name), seconds: (t.endTime - t.startTime) / 1000 }));
    });
}

for (const run of runs) {
  const slowest = (files) => files.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  for (const [runner, files] of [["Vitest", vitestFiles(run.dir)], ["Playwright", playwrightFiles(read(join(run.dir, "playwright.json")))]]) {
    if (files.length === 0) continue;
    console.log(`\nslowest ${runner} files (${run.label}; ${files.length} file runs, ${Math.round(files.reduce((n, f) => n + f.seconds, 0))} s of test time in all)`);
    for (const f of slowest(files)) console.log(`${s(f.seconds)} s  ${f.project.padEnd(12)} ${f.file}`);
  }
}

// The distinct tests (runner, file and name) that ran anywhere in these runs, whatever the project or line: the
// measure that the suite tests no fewer behaviours than before (docs/testing.md). Their list goes to a file.
const distinct = new Set();
// Names made of a run's own values (a signed token, the checkout's path) are the same test from run to run.
const same = (name) => name.replace(/eyJ[\w.-]+/g, "<token>").replace(/\/[\w/.-]*node_modules\//g, "<node_modules>/");
const walkNames = (suite, file, out) => {
  for (const spec of suite.specs ?? []) if (spec.tests?.some((t) => t.status !== "skipped")) out.add(same(`playwright ${spec.file ?? file} › ${[...(suite.titlePath ?? []), spec.title].join(" › ")}`));
  for (const child of suite.suites ?? []) walkNames({ ...child, titlePath: [...(suite.titlePath ?? []), ...(child.title && child.title !== child.file ? [child.title] : [])] }, child.file ?? file, out);
};
for (const run of runs) {
  if (!existsSync(run.dir)) continue;
  for (const f of readdirSync(run.dir).filter((f) => /^vitest(-[\w-]+)?\.json$/.test(f))) {
    for (const t of read(join(run.dir, f)).testResults) {
      for (const a of t.assertionResults) if (a.status === "passed" || a.status === "failed") distinct.add(same(`vitest ${relative(process.cwd(), t.name).replace(/^.*?(?=(app|lib|test|scripts|bench|components|hooks)\/)/, "")} › ${a.fullName}`));
    }
  }
  const playwright = read(join(run.dir, "playwright.json"));
  for (const suite of playwright?.suites ?? []) walkNames({ ...suite, titlePath: [] }, suite.file, distinct);
}
if (distinct.size) {
  const out = join(runs[0]?.dir ?? ".", "..", "distinct-tests.txt");
  writeFileSync(out, [...distinct].sort().join("\n") + "\n");
  console.log(`\ndistinct tests that ran (runner, file, name): ${distinct.size} (listed in ${out})`);
}
