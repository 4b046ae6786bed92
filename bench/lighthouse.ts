// npm run bench:lighthouse: Lighthouse (mobile preset: its default config, a Moto G Power-sized screen with
// simulated slow 4G and 4× CPU slowdown) on the pages search engines and new readers land on, driving
// Debian's Chromium. Serves the production build (npm start, built first when stale) on the embedded
// database with the demo articles, and beside it a blank Next.js page of the same Next version
// (bench/blank-next: one heading, one <Link>; built here when absent or built by another Next), runs each
// page LIGHTHOUSE_RUNS times (default 3), keeps the median of each score and checks issue 22's targets,
// which are stated against the blank page scored in the same run (simulated throttling scales what this
// machine's CPU does, so absolute scores move between machines). Writes bench/results/lighthouse.json with
// the date and the commit. The `.next` build directory is shared: run it as
// `flock /tmp/sy-e2e.lock npm run bench:lighthouse`.
//
//   LIGHTHOUSE_PORT  default 3392 (the blank page: +1)     LIGHTHOUSE_PGLITE_DIR  default bench/.data/lh-pglite
//   CHROMIUM_PATH    default /usr/bin/chromium
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { type Category, CATEGORIES, checkTargets, type PageResult } from "./lighthouse-targets";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3392);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const base = `http://127.0.0.1:${port}`;
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;

type Run = { scores: Record<Category, number>; metrics: Record<string, number> };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The audits of the four categories scoring under 0.9 (diagnostics, weight 0, included), worst first. */
function failing(lhr: Result) {
  const seen = new Set<string>();
  const out: { category: Category; id: string; title: string; score: number | null; weight: number; value?: string }[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (seen.has(ref.id) || !audit || audit.score === null || audit.score >= 0.9) continue;
      if (["informative", "notApplicable", "manual"].includes(audit.scoreDisplayMode)) continue;
      seen.add(ref.id);
      out.push({ category, id: ref.id, title: audit.title, score: audit.score, weight: ref.weight, value: audit.displayValue });
    }
  }
  return out.sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
}

/** One Lighthouse run; a run that failed to record its trace (NO_NAVSTART, NO_FCP, …) is tried again, twice at most. */
async function audit(url: string, flags: Flags): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, flags))?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.warn(`${url}: ${lhr.runtimeError.code}, trying again`);
  }
}

const dataDir = resolve(root, process.env.LIGHTHOUSE_PGLITE_DIR ?? "bench/.data/lh-pglite");
// Every run's full report, to read the audits' details (not committed: bench/.data/ is ignored).
const reportDir = join(root, "bench/.data/lighthouse");
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const blankDir = join(root, "bench/blank-next");
const blankBase = `http://127.0.0.1:${port + 1}`;
// Its own copy of Next (linked, below): Next from our node_modules would load a second React.
const blankNext = join(blankDir, "node_modules/next/dist/bin/next");
const nextVersion = JSON.parse(readFileSync(join(root, "node_modules/next/package.json"), "utf8")).version as string;

/** Builds the blank page when it has no build, or one made by another Next version (stamped beside it). */
function buildBlank() {
  const stamp = join(blankDir, ".next/shiyue-next-version");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === nextVersion) return;
  console.log(`building the blank Next.js ${nextVersion} page (bench/blank-next)`);
  // Its own root (next.config.mjs) needs node_modules inside it: hard links to ours (a copy where links fail).
  const modules = join(blankDir, "node_modules");
  rmSync(modules, { recursive: true, force: true });
  if (spawnSync("cp", ["-al", join(root, "node_modules"), modules]).status !== 0) cpSync(join(root, "node_modules"), modules, { recursive: true });
  const built = spawnSync(process.execPath, [blankNext, "build"], { cwd: blankDir, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (built.status !== 0) throw new Error("the blank page did not build");
  writeFileSync(stamp, nextVersion);
}

const exited = new Set<string>();
const started: ReturnType<typeof spawn>[] = [];
function serve(name: string, args: string[], env: NodeJS.ProcessEnv, cwd = root) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }, stdio: ["ignore", "ignore", "inherit"] });
  child.on("exit", () => exited.add(name));
  started.push(child);
}

async function waitReady(name: string, url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exited.has(name)) throw new Error(`${name} stopped before it was ready (see its output above)`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} did not become ready`);
}

// Simulated throttling scales what the trace measured: other work on the machine shows in the scores.
let loadBefore = NaN;
type Page = PageResult & { url: string; runs: Run[]; failing: ReturnType<typeof failing> };
const pages: Page[] = [];
let blank: Page | undefined;
let blankZh: Page | undefined;
let chrome: Awaited<ReturnType<typeof launch>> | undefined;
try {
  buildBlank();
  serve("the blank page", [blankNext, "start", "-p", String(port + 1), "-H", "127.0.0.1"], { NODE_ENV: "production" }, blankDir);
  serve("拾阅", [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    NODE_ENV: "production",
    DATABASE_URL: "",
    PGLITE_DIR: dataDir,
    // Canonical and Open Graph URLs on the host Lighthouse loads, as in a real deployment.
    SITE_URL: base,
    RUN_WORKER: "false",
  });
  await waitReady("拾阅", `${base}/api/ready`, 10 * 60_000);
  await waitReady("the blank page", `${blankBase}/`, 60_000);
  chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    logLevel: "error",
  });
  const feed = await (await fetch(`${base}/api/v1/articles?page=1&limit=1`)).json();
  // The blank page first, then the pages in the order of the issue's table.
  const targets = [
    { path: "blank", url: `${blankBase}/` },
    // The same blank page in Chinese: what rendering CJK text costs on this machine (its fonts), for reference.
    { path: "blank-zh", url: `${blankBase}/zh` },
    ...["/", "/about", `/articles/${feed.data.items[0].id}`, "/login/sms", "/smart-summary"].map((path) => ({ path, url: base + path })),
  ];
  // The first request of a page after start-up pays for loading its code: not what a visitor waits for.
  for (const { url } of targets) for (let i = 0; i < 3; i++) await fetch(url).then((r) => r.arrayBuffer());
  loadBefore = loadavg()[0];

  const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };
  for (const { path, url } of targets) {
    const done: { run: Run; lhr: Result }[] = [];
    for (let i = 0; i < runs; i++) {
      const lhr = await audit(url, flags);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
      const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? NaN]));
      done.push({ run: { scores, metrics }, lhr });
      writeFileSync(join(reportDir, `${path.replace(/^\//, "").replace(/\W+/g, "_") || "home"}-${i + 1}.json`), JSON.stringify(lhr));
      // LCP and TBT per run: on a 2-core host they move by hundreds of ms between runs (docs/performance.md).
      const ms = (m: (typeof METRICS)[number]) => Math.round(metrics[m]);
      console.log(`${path} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}; LCP ${ms("largest-contentful-paint")} ms, TBT ${ms("total-blocking-time")} ms`);
    }
    const perf = median(done.map((d) => d.run.scores.performance));
    // The failing audits of the run whose performance score is the median.
    const typical = done.find((d) => d.run.scores.performance === perf) ?? done[0];
    const page: Page = {
      path,
      url,
      median: Object.fromEntries(CATEGORIES.map((c) => [c, median(done.map((d) => d.run.scores[c]))])) as Record<Category, number>,
      metrics: Object.fromEntries(METRICS.map((m) => [m, Math.round(median(done.map((d) => d.run.metrics[m])) * 1000) / 1000])),
      runs: done.map((d) => d.run),
      failing: failing(typical.lhr),
    };
    if (path === "blank") blank = page;
    else if (path === "blank-zh") blankZh = page;
    else pages.push(page);
  }
} finally {
  chrome?.kill();
  for (const child of started) child.kill("SIGTERM");
}

const git = (args: string[]) => {
  const run = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : null;
};
const lhVersion = JSON.parse(readFileSync(join(root, "node_modules/lighthouse/package.json"), "utf8")).version as string;
const browser = spawnSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8" }).stdout.trim();

if (!blank) throw new Error("the blank page was not measured");
const checks = checkTargets(blank, pages);
console.log(`\nmedian of ${runs} runs, Lighthouse ${lhVersion} mobile, ${browser}, load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
console.log("page                  perf  a11y  best-pr  seo   LCP ms  TBT ms  CLS");
for (const p of [blank, ...(blankZh ? [blankZh] : []), ...pages]) {
  const m = p.metrics;
  console.log(
    `${(p === blank ? `blank Next.js ${nextVersion}` : p === blankZh ? "blank, in Chinese" : p.path).padEnd(20)}  ${[p.median.performance, p.median.accessibility].map((s) => String(s).padStart(4)).join("  ")}  ${String(p.median["best-practices"]).padStart(7)}  ${String(p.median.seo).padStart(3)}  ${String(Math.round(m["largest-contentful-paint"])).padStart(7)}  ${String(Math.round(m["total-blocking-time"])).padStart(6)}  ${m["cumulative-layout-shift"].toFixed(3)}`,
  );
  // The ones that move the score here; bench/results/lighthouse.json also lists the diagnostics.
  for (const f of p.failing.filter((a) => a.weight > 0)) console.log(`    ${f.category}: ${f.id} (${f.score})${f.value ? ` ${f.value}` : ""}: ${f.title}`);
}
console.log("\ntargets (issue 22, against the blank page of this run)");
for (const c of checks) console.log(`  ${c.met ? "✓" : "✗"} ${c.path.padEnd(16)} ${c.target}: ${c.value}`);

const out = {
  date: new Date().toISOString(),
  commit: git(["rev-parse", "HEAD"]),
  // Whether the work tree had uncommitted changes (the measured build includes them); null outside git.
  dirty: ((status) => (status === null ? null : status !== ""))(git(["status", "--porcelain", "--untracked-files=no"])),
  lighthouse: lhVersion,
  browser,
  preset: "mobile (default config: simulated throttling)",
  runs,
  // One-minute load average when the runs started and ended.
  load: [loadBefore, loadavg()[0]].map((l) => Math.round(l * 100) / 100),
  blank: { next: nextVersion, ...blank },
  blankChinese: blankZh,
  pages,
  targets: checks,
};
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/lighthouse.json"), `${JSON.stringify(out, null, 2)}\n`);
console.log("\nwritten to bench/results/lighthouse.json");
