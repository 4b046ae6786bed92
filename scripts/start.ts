// npm start: validate the configuration, build when there is no production build of the current
// commit, then serve the standalone build on PORT with our server (server/main.ts, bundled as its server.js). `--build-only` stops after the build (npm run build:app: the
// journeys' global setup builds once for every server they start). The server migrates and seeds the database itself
// (instrumentation.ts), so this script never opens the database.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { ConfigError, getConfig } from "../lib/config";
import { TEMPLATE_DIR } from "../lib/db/pglite-template";

const root = resolve(import.meta.dirname, "..");
const standalone = join(root, ".next", "standalone");
const stampFile = join(root, ".next", "shiyue-build.json");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = getConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}

/**
 * Identifies what the build came from: the commit plus a hash of uncommitted changes, and the Node.js major
 * version that built it (a checkout served by Node 24 after Node 20 is built again, by 24).
 */
function buildKey(): string {
  const runtime = `node${process.versions.node.split(".")[0]}`;
  const git = (args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" });
  const head = git(["rev-parse", "HEAD"]);
  if (head.status !== 0) return `no-git+${runtime}`;
  const hash = createHash("sha1").update(git(["diff", "HEAD", "--", ".", ":(exclude)content/demo"]).stdout ?? "");
  // New files are not in the diff: their names and contents count too.
  const untracked = (git(["ls-files", "--others", "--exclude-standard", "--", ".", ":(exclude)content/demo"]).stdout ?? "").split("\n").filter(Boolean);
  for (const file of untracked.sort()) {
    hash.update(`\0${file}\0`);
    try {
      hash.update(readFileSync(join(root, file)));
    } catch {
      /* removed meanwhile */
    }
  }
  return `${head.stdout.trim()}+${hash.digest("hex").slice(0, 12)}+${runtime}`;
}

function needsBuild(key: string): boolean {
  if (process.env.SHIYUE_REBUILD === "1") return true;
  if (!existsSync(join(standalone, "server.js"))) return true;
  try {
    return JSON.parse(readFileSync(stampFile, "utf8")).key !== key;
  } catch {
    return true;
  }
}

/** Copies what the standalone server needs beside it (as the Dockerfile does). */
function prepareStandalone() {
  const copy = (from: string, to: string) => {
    rmSync(to, { recursive: true, force: true });
    if (existsSync(from)) cpSync(from, to, { recursive: true });
  };
  copy(join(root, ".next", "static"), join(standalone, ".next", "static"));
  copy(join(root, "public"), join(standalone, "public"));
  copy(join(root, "drizzle"), join(standalone, "drizzle"));
  copy(join(root, "content", "demo"), join(standalone, "content", "demo"));
}

/**
 * The empty, migrated embedded database a new data directory starts from (lib/db/pglite-template.ts).
 * Made with the build's own migrations; without it a new directory is created by initdb, only slower.
 */
function makePgliteTemplate() {
  const template = join(standalone, TEMPLATE_DIR);
  rmSync(template, { recursive: true, force: true });
  const made = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/migrate.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: template, LOG_LEVEL: "error" },
  });
  if (made.status !== 0) {
    rmSync(template, { recursive: true, force: true });
    console.warn("拾阅：未能准备内置数据库模板，新数据目录将直接初始化（稍慢）。");
  }
}

/** Only one `npm start` builds at a time; the others wait for it and then use its build. */
async function withBuildLock<T>(fn: () => T): Promise<T> {
  const lock = join(root, ".shiyue-build.lock");
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      const owner = Number(readFileSync(lock, "utf8") || 0);
      let alive = false;
      try {
        process.kill(owner, 0);
        alive = owner > 0;
      } catch {
        alive = false;
      }
      if (!alive) rmSync(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

const key = buildKey();
if (needsBuild(key)) {
  await withBuildLock(() => {
    if (!needsBuild(key)) return;
    console.log("拾阅：正在构建生产版本（首次启动或代码有更新，约需 1–3 分钟）…");
    const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
    const build = spawnSync(process.execPath, [nextBin, "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) fail("构建失败，请查看上面的输出。");
    // The service worker and the offline shell (public/sw.js, public/offline*), copied beside the server next.
    const pwa = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-pwa.ts"], { cwd: root, stdio: "inherit" });
    if (pwa.status !== 0) fail("离线功能（service worker）构建失败，请查看上面的输出。");
    // Our server (server/main.ts) as the standalone folder's server.js, in place of Next's.
    const server = spawnSync(process.execPath, ["scripts/build-server.mjs", standalone], { cwd: root, stdio: "inherit" });
    if (server.status !== 0) fail("服务器入口（server/main.ts）构建失败，请查看上面的输出。");
    prepareStandalone();
    makePgliteTemplate();
    writeFileSync(stampFile, JSON.stringify({ key, builtAt: new Date().toISOString() }));
  });
}

if (process.argv.includes("--build-only")) process.exit(0);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  // The server closes its database itself on SIGTERM/SIGINT (lib/server/shutdown.ts).
  NEXT_MANUAL_SIG_HANDLE: "true",
  PORT: String(config.PORT),
  // The standalone server runs from .next/standalone: pin the data directory to the project.
  PGLITE_DIR: config.PGLITE_DIR.startsWith("memory://") ? config.PGLITE_DIR : resolve(root, config.PGLITE_DIR),
};
const where = config.DATABASE_URL ? "PostgreSQL（DATABASE_URL）" : `内置数据库 ${env.PGLITE_DIR}`;
console.log(`拾阅：启动中，端口 ${config.PORT}，数据库：${where}`);

const child = spawn(process.execPath, [join(standalone, "server.js")], { cwd: standalone, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
