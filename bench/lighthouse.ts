// npm run bench:lighthouse: Lighthouse (mobile preset: its default config, a Moto G Power-sized screen with
// simulated slow 4G and 4× CPU slowdown) on the pages search engines and new readers land on, driving
// Debian's Chromium. Serves the production build (npm start, built first when stale) on the embedded
// database with the demo articles, runs each page LIGHTHOUSE_RUNS times (default 3) and keeps the median
// of each score; writes bench/results/lighthouse.json with the date and the commit. The `.next` build
// directory is shared: run it as `flock /tmp/sy-e2e.lock npm run bench:lighthouse`.
//
//   LIGHTHOUSE_PORT  default 3392     LIGHTHOUSE_PGLITE_DIR  default bench/.data/lh-pglite
//   CHROMIUM_PATH    default /usr/bin/chromium
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3392);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const base = `http://127.0.0.1:${port}`;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;

type Category = (typeof CATEGORIES)[number];
type Run = { scores: Record<Category, number>; metrics: Record<string, number> };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

let serverExited = false;

async function waitReady(timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (serverExited) throw new Error("the server stopped before it was ready (see its output above)");
    if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not become ready");
}

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
const server = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    NODE_ENV: "production",
    DATABASE_URL: "",
    PGLITE_DIR: dataDir,
    // Canonical and Open Graph URLs on the host Lighthouse loads, as in a real deployment.
    SITE_URL: base,
    RUN_WORKER: "false",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
server.on("exit", () => (serverExited = true));

// Simulated throttling scales what the trace measured: other work on the machine shows in the scores.
let loadBefore = NaN;
const pages: { path: string; median: Record<Category, number>; metrics: Record<string, number>; runs: Run[]; failing: ReturnType<typeof failing> }[] = [];
let chrome: Awaited<ReturnType<typeof launch>> | undefined;
try {
  await waitReady(10 * 60_000);
  chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    logLevel: "error",
  });
  const feed = await (await fetch(`${base}/api/v1/articles?page=1&limit=1`)).json();
  const paths = ["/", "/about", "/login/sms", `/articles/${feed.data.items[0].id}`];
  // The first request of a page after start-up pays for loading its code: not what a visitor waits for.
  for (const path of paths) for (let i = 0; i < 3; i++) await fetch(base + path).then((r) => r.arrayBuffer());
  loadBefore = loadavg()[0];

  const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };
  for (const path of paths) {
    const done: { run: Run; lhr: Result }[] = [];
    for (let i = 0; i < runs; i++) {
      const lhr = await audit(base + path, flags);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
      const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? NaN]));
      done.push({ run: { scores, metrics }, lhr });
      writeFileSync(join(reportDir, `${path.slice(1).replace(/\W+/g, "_") || "home"}-${i + 1}.json`), JSON.stringify(lhr));
      console.log(`${path} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}`);
    }
    const perf = median(done.map((d) => d.run.scores.performance));
    // The failing audits of the run whose performance score is the median.
    const typical = done.find((d) => d.run.scores.performance === perf) ?? done[0];
    pages.push({
      path,
      median: Object.fromEntries(CATEGORIES.map((c) => [c, median(done.map((d) => d.run.scores[c]))])) as Record<Category, number>,
      metrics: Object.fromEntries(METRICS.map((m) => [m, Math.round(median(done.map((d) => d.run.metrics[m])) * 1000) / 1000])),
      runs: done.map((d) => d.run),
      failing: failing(typical.lhr),
    });
  }
} finally {
  chrome?.kill();
  server.kill("SIGTERM");
}

const git = (args: string[]) => {
  const run = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : null;
};
const lhVersion = JSON.parse(readFileSync(join(root, "node_modules/lighthouse/package.json"), "utf8")).version as string;
const browser = spawnSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8" }).stdout.trim();

console.log(`\nmedian of ${runs} runs, Lighthouse ${lhVersion} mobile, ${browser}, load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
console.log("page                  perf  a11y  best-pr  seo   LCP ms  TBT ms  CLS");
for (const p of pages) {
  const m = p.metrics;
  console.log(
    `${p.path.padEnd(20)}  ${[p.median.performance, p.median.accessibility].map((s) => String(s).padStart(4)).join("  ")}  ${String(p.median["best-practices"]).padStart(7)}  ${String(p.median.seo).padStart(3)}  ${String(Math.round(m["largest-contentful-paint"])).padStart(7)}  ${String(Math.round(m["total-blocking-time"])).padStart(6)}  ${m["cumulative-layout-shift"].toFixed(3)}`,
  );
  // The ones that move the score here; bench/results/lighthouse.json also lists the diagnostics.
  for (const f of p.failing.filter((a) => a.weight > 0)) console.log(`    ${f.category}: ${f.id} (${f.score})${f.value ? ` ${f.value}` : ""}: ${f.title}`);
}

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
  pages,
};
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/lighthouse.json"), `${JSON.stringify(out, null, 2)}\n`);
console.log("\nwritten to bench/results/lighthouse.json");
