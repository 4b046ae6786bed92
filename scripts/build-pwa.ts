// The installable app's files (issue 45), made after `next build` (by scripts/start.ts, `npm run build` and the
// Dockerfile) into public/ (not committed):
//   public/offline/shell-<hash>.js, theme-<hash>.js   the offline shell's script (lib/pwa/shell/shell.tsx) and the
//                                                     colour-scheme script every page runs first (lib/theme/script.ts)
//   public/offline.html                               the shell's page: no inline script, no nonce
//   public/sw.js                                      the service worker (lib/pwa/worker/sw.ts with Serwist's runtime),
//                                                     with the shell's files and their content hashes to precache
// Bundled with esbuild: Serwist's Next.js plugin (@serwist/next) is a webpack plugin and this project builds with
// Turbopack; @serwist/turbopack builds the worker inside a route handler at prerender time (esbuild-wasm and swc
// as dependencies) and its React provider caches the HTML of visited pages, which carries a per-request nonce.
// The worker itself is Serwist's maintained runtime; only the bundling is ours.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { build } from "esbuild";
import { THEME_COLORS } from "../lib/theme/constants";
import { THEME_SCRIPT } from "../lib/theme/script";

const root = resolve(import.meta.dirname, "..");
const pub = join(root, "public");
const out = join(pub, "offline");
const buildIdFile = join(root, ".next", "BUILD_ID");
if (!existsSync(buildIdFile)) {
  console.error("build-pwa: no .next/BUILD_ID — run `next build` first");
  process.exit(1);
}
const buildId = readFileSync(buildIdFile, "utf8").trim();
const hash = (data: string | Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 16);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** One minified browser bundle of `entry` (production React, the project's path aliases), in memory. */
async function bundle(entry: string, define: Record<string, string> = {}) {
  const out = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"', ...define },
    write: false,
    tsconfig: join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  return out.outputFiles[0];
}

const shell = await bundle("lib/pwa/shell/shell.tsx");
const shellCode = shell.text;
const shellFile = `shell-${hash(shellCode)}.js`;
writeFileSync(join(out, shellFile), shellCode);
const themeFile = `theme-${hash(THEME_SCRIPT)}.js`;
writeFileSync(join(out, themeFile), THEME_SCRIPT);

/** Every stylesheet of the build (one for the whole site today): the shell looks like the site. */
function stylesheets(dir = join(root, ".next", "static")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? stylesheets(join(dir, e.name)) : e.name.endsWith(".css") ? [join(dir, e.name)] : [],
  );
}
const css = stylesheets().map((file) => ({ url: `/_next/static/${relative(join(root, ".next", "static"), file).split("\\").join("/")}`, file }));

const html = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>离线阅读 · 拾阅</title>
<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLORS.light}">
<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLORS.dark}">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/icons/icon-192.png" type="image/png">
${css.map((c) => `<link rel="stylesheet" href="${c.url}">`).join("\n")}
<script src="/offline/${themeFile}"></script>
<script src="/offline/${shellFile}" defer></script>
</head>
<body class="flex min-h-dvh flex-col font-sans">
<div id="shell" class="flex min-h-dvh flex-col"><noscript><p style="padding:1rem">离线阅读需要启用 JavaScript。</p></noscript></div>
</body>
</html>
`;
writeFileSync(join(pub, "offline.html"), html);

const precache = [
  { url: "/offline.html", revision: hash(html) },
  { url: `/offline/${shellFile}`, revision: null },
  { url: `/offline/${themeFile}`, revision: null },
  ...css.map((c) => ({ url: c.url, revision: null })),
  { url: "/icons/icon-192.png", revision: hash(readFileSync(join(pub, "icons", "icon-192.png"))) },
];
const sw = await bundle("lib/pwa/worker/sw.ts", { __SHELL_MANIFEST__: JSON.stringify(precache), __BUILD_ID__: JSON.stringify(buildId) });
writeFileSync(join(pub, "sw.js"), sw.text);
console.log(
  `build-pwa: sw.js ${(sw.contents.length / 1024).toFixed(1)} kB, shell ${(shellCode.length / 1024).toFixed(1)} kB, ${precache.length} files precached (build ${buildId})`,
);
