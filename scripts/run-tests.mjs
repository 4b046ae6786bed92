// npm test: the whole suite, once, on Node.js 24 (the production runtime), phase by phase:
//   typecheck, lint and the import-cycle check side by side; Vitest `unit`, `int-pglite` and, with
//   TEST_DATABASE_URL, `int-postgres`; the production build; the Playwright journeys (desktop, phone, provider).
// Every phase runs even when an earlier one failed, so one run shows everything that is wrong. Each phase's
// seconds go to test-results/phases.json and into a table at the end (docs/testing.md).
//
// On another Node.js (this machine's 20), the suite is run again under Node.js 24, fetched once from the npm
// registry by scripts/node24.sh; SHIYUE_TEST_NODE=current keeps the Node.js that started it.
//
//   npm test                     everything
//   npm test -- --only=unit      one or more phases by name (typecheck, lint, cycles, unit, int-pglite,
//                                int-postgres, build, e2e); extra arguments after `--` go to that runner
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const major = Number(process.versions.node.split(".")[0]);

if (major !== 24 && process.env.SHIYUE_TEST_NODE !== "current") {
  const fetched = spawnSync("bash", [join(root, "scripts/node24.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (fetched.status === 0) {
    const bin = fetched.stdout.trim();
    console.log(`npm test: Node.js ${process.version} → the suite runs on Node.js 24 (${bin}), what production runs`);
    const run = spawnSync(join(bin, "node"), process.argv.slice(1), { stdio: "inherit", env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    process.exit(run.status ?? 1);
  }
  console.warn(`npm test: could not get Node.js 24 (scripts/node24.sh); the suite runs on ${process.version} instead`);
}

const args = process.argv.slice(2);
const only = new Set(args.filter((a) => a.startsWith("--only=")).flatMap((a) => a.slice(7).split(",")));
const extra = args.filter((a) => !a.startsWith("--only="));
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const bin = (name) => join(root, "node_modules", ".bin", name);

/** A phase: a command; `after` names a phase that must have finished first (otherwise phases of a group run together). */
const vitest = (project) => [bin("vitest"), "run", "--project", project, "--outputFile.json", vitestReport(project), ...(only.size ? extra : [])];
const vitestReport = (project) => `test-results/vitest-${project}.json`;
const phases = [
  { name: "typecheck", group: "static", cmd: [bin("tsc"), "--noEmit"] },
  { name: "lint", group: "static", cmd: [bin("eslint"), ".", "--max-warnings=0"] },
  { name: "cycles", group: "static", cmd: [bin("depcruise"), "lib", "--config", ".dependency-cruiser.cjs"] },
  { name: "unit", cmd: vitest("unit") },
  { name: "int-pglite", cmd: vitest("int-pglite"), report: vitestReport("int-pglite") },
  ...(onServer ? [{ name: "int-postgres", cmd: vitest("int-postgres"), report: vitestReport("int-postgres") }] : []),
  { name: "build", cmd: [process.execPath, "--import", "tsx", "scripts/start.ts", "--build-only"] },
  { name: "e2e", cmd: [process.execPath, "scripts/run-e2e.mjs", ...(only.size ? extra : [])] },
].filter((p) => only.size === 0 || only.has(p.name));
if (phases.length === 0) {
  console.error(`npm test: no phase named ${[...only].join(", ")}`);
  process.exit(2);
}

function run(phase) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(phase.cmd[0], phase.cmd.slice(1), { cwd: root, stdio: "inherit" });
    child.on("error", () => resolve({ name: phase.name, seconds: (Date.now() - started) / 1000, status: 1 }));
    child.on("exit", (code, signal) => resolve({ name: phase.name, seconds: (Date.now() - started) / 1000, status: code ?? (signal ? 1 : 0) }));
  });
}

/**
 * An integration phase whose process died without writing its report (Vitest writes it at the end, failures or not)
 * crashed rather than failed: Node.js 24's V8 intermittently aborts on PGlite's WebAssembly being instantiated and
 * freed in one process (`Check failed: jit_page_->allocations_.erase(addr) == 1`, nodejs/node#64500, open). Such
 * a phase runs once more, said loudly; its second run's report is what counts. A test failure is never re-run.
 */
async function runOnceMoreIfCrashed(phase) {
  const first = await run(phase);
  if (first.status === 0 || !phase.report || existsSync(join(root, phase.report))) return first;
  console.log(`\nnpm test: ${phase.name} died without its report (a runtime crash, not a test failure: nodejs/node#64500); running it once more`);
  const again = await run(phase);
  return { ...again, seconds: first.seconds + again.seconds, crashedOnce: true };
}

rmSync(join(root, "test-results"), { recursive: true, force: true });
mkdirSync(join(root, "test-results"), { recursive: true });
const started = Date.now();
const results = [];
for (let i = 0; i < phases.length; ) {
  const group = phases[i].group ? phases.filter((p) => p.group === phases[i].group) : [phases[i]];
  console.log(`\n== npm test: ${group.map((p) => p.name).join(" + ")}`);
  results.push(...(await Promise.all(group.map(runOnceMoreIfCrashed))));
  i += group.length;
}
const wall = (Date.now() - started) / 1000;
writeFileSync(join(root, "test-results", "phases.json"), JSON.stringify({ node: process.version, wall, phases: results }, null, 2));

console.log(`\nnpm test on Node.js ${process.version}:`);
for (const r of results) console.log(`  ${r.name.padEnd(14)} ${r.seconds.toFixed(0).padStart(5)} s  ${r.status === 0 ? "ok" : "FAILED"}${r.crashedOnce ? " (crashed once: run again)" : ""}`);
console.log(`  ${"whole run".padEnd(14)} ${wall.toFixed(0).padStart(5)} s`);
const totals = spawnSync(process.execPath, [join(root, "scripts/test-totals.mjs"), String(results.some((r) => r.status !== 0) ? 1 : 0)], { cwd: root, stdio: "inherit" });
process.exit(totals.status ?? 1);
