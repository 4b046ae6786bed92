// The app under test: the production build served by `next start`'s standalone server, on a PostgreSQL
// database or a PGlite data directory, with a loopback OpenAI-compatible provider and no worker.
//
// `npm start` (scripts/start.ts) rebuilds whenever the working tree differs from the last build, and the
// benchmark's own files (bench/, its results) count as differences. So the first start of a run goes
// through scripts/start.ts, which builds when the app's source changed, and we remember the source key it
// served without bench/; later starts whose key still matches run the standalone server directly.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { DbTarget } from "./prepare-db";

const root = resolve(import.meta.dirname, "..");
const standalone = join(root, ".next", "standalone");
const buildStamp = join(root, ".next", "shiyue-build.json");
const served = join(import.meta.dirname, ".data", "build.json");

/** The app's source: the commit plus uncommitted changes and new files, outside bench/ and the demo content. */
function sourceKey(): string {
  const git = (args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 }).stdout ?? "";
  const outside = ["--", ".", ":(exclude)content/demo", ":(exclude)bench"];
  const hash = createHash("sha1").update(git(["rev-parse", "HEAD"])).update(git(["diff", "HEAD", ...outside]));
  for (const file of git(["ls-files", "--others", "--exclude-standard", ...outside]).split("\n").filter(Boolean).sort()) {
    hash.update(`\0${file}\0`);
    if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
  }
  return hash.digest("hex");
}

const readJson = (file: string) => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
};

export type App = {
  base: string;
  /** performance.now() of this process just after the spawn: the server's age is counted from it. */
  spawnedAt: number;
  /** Spawn to /api/ready 200 (polled every 100 ms). */
  readyMs: number;
  /** The standalone server was spawned itself; false when it went through scripts/start.ts (which builds when the source changed). */
  direct: boolean;
  logFile: string;
  errorsLogged: () => number;
  stop: () => Promise<void>;
};

export async function startApp(target: DbTarget, opts: { port: number; env: Record<string, string> }): Promise<App> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_MANUAL_SIG_HANDLE: "true",
    PORT: String(opts.port),
    HOSTNAME: "127.0.0.1",
    RUN_WORKER: "false",
    LOG_DEBUG: "",
    SEED_DEMO: "false",
    // Every benchmark request comes from 127.0.0.1: the per-address budgets must not be what is measured (the
    // mixed-crowd row turns them on: it measures them).
    ABUSE_LIMIT_SCALE: opts.env.ABUSE_LIMIT_SCALE ?? "100000",
    DATABASE_URL: "databaseUrl" in target ? target.databaseUrl : "",
    PGLITE_DIR: "dataDir" in target ? target.dataDir : join(root, "bench", ".data", "unused-pglite"),
    // Profiling the server alone (--heap-prof, --import bench/cpu-profile.mjs): not the benchmark's own process.
    ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
  };
  const key = sourceKey();
  const remembered = readJson(served);
  const direct = existsSync(join(standalone, "server.js")) && remembered.source === key && remembered.build === readJson(buildStamp).key;
  // The server's output (an access log line per API call at the default level, as in production) and a
  // build's progress go to a log file.
  mkdirSync(dirname(served), { recursive: true });
  const logFile = join(dirname(served), `app-${"databaseUrl" in target ? new URL(target.databaseUrl).pathname.slice(1) : basename(target.dataDir)}.log`);
  const log = openSync(logFile, "w");
  const child: ChildProcess = direct
    ? spawn(process.execPath, [join(standalone, "server.js")], { cwd: standalone, env, stdio: ["ignore", log, log] })
    : spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], { cwd: root, env, stdio: ["ignore", log, log] });
  closeSync(log);
  if (!direct) console.log(`bench: starting through scripts/start.ts, which builds when the app's source changed (output in ${logFile})…`);
  const exited = new Promise<number | null>((r) => child.once("exit", r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const started = performance.now();
  const base = `http://127.0.0.1:${opts.port}`;
  try {
    await waitReady(base, exited, direct ? 60_000 : 10 * 60_000);
  } catch (err) {
    await stop();
    console.error(readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n"));
    throw err;
  }
  if (!direct) {
    writeFileSync(served, JSON.stringify({ source: key, build: readJson(buildStamp).key }));
  }
  const errorsLogged = () => readFileSync(logFile, "utf8").split("\n").filter((l) => /"level":"error"|⨯/.test(l)).length;
  return { base, spawnedAt: started, readyMs: Math.round(performance.now() - started), direct, logFile, errorsLogged, stop };
}

/** `shared` when given (the quick run starts one app for several parts: its `stop` is left to the run), else a new app. */
export async function appFor(target: DbTarget, opts: { port: number; env: Record<string, string> }, shared?: App): Promise<App> {
  return shared ? { ...shared, stop: async () => {} } : startApp(target, opts);
}

async function waitReady(base: string, exited: Promise<unknown>, timeoutMs: number) {
  let gone = false;
  void exited.then(() => (gone = true));
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (gone) throw new Error("the app server exited before it was ready");
    if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the app server was not ready after ${timeoutMs / 1000} s`);
}
