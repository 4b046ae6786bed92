// The command-line tools for the container image: `npm run admin`, `npm run feeds` and `npm run worker` (the
// background worker: compose.yaml's `worker` service) bundled into cli/*.mjs beside the standalone server, and
// its package.json's scripts pointed at them (the image has neither the TypeScript sources nor tsx); packages as
// standalone-bundle.mjs says. Run by the Dockerfile's build stage after next build:
//   node scripts/build-cli.mjs .next/standalone
import { readFile, writeFile } from "node:fs/promises";
import { build } from "esbuild";
import { standaloneBundle } from "./standalone-bundle.mjs";

const out = process.argv[2] ?? ".next/standalone";
const TOOLS = ["admin", "feeds", "worker"];

await build({
  ...standaloneBundle(out),
  entryPoints: Object.fromEntries(TOOLS.map((t) => [t, `scripts/${t}.ts`])),
  outdir: `${out}/cli`,
  outExtension: { ".js": ".mjs" },
});

const pkgPath = `${out}/package.json`;
const pkg = JSON.parse(await readFile(pkgPath, "utf8"));
pkg.scripts = Object.fromEntries(TOOLS.map((t) => [t, `node --conditions=react-server cli/${t}.mjs`]));
await writeFile(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`cli: ${TOOLS.map((t) => `${out}/cli/${t}.mjs`).join(", ")}; ${pkgPath} scripts: ${Object.keys(pkg.scripts).join(", ")}`);
