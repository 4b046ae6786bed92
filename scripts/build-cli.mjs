// The command-line tools for the container image: `npm run admin`, `npm run feeds` and `npm run worker` (the
// background worker: compose.yaml's `worker` service) bundled into cli/*.mjs beside the standalone server, and
// its package.json's scripts pointed at them (the image has neither the TypeScript sources nor tsx). A package
// the standalone server ships in its node_modules (native binaries, PGlite's WebAssembly, pg) is imported from
// there; the rest (drizzle-orm, zod… which Next bundled into the server's own chunks) is bundled in. Run by the
// Dockerfile's build stage after next build:
//   node scripts/build-cli.mjs .next/standalone
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const out = process.argv[2] ?? ".next/standalone";
const TOOLS = ["admin", "feeds", "worker"];
const empty = fileURLToPath(new URL("../test/empty.ts", import.meta.url));

await build({
  entryPoints: Object.fromEntries(TOOLS.map((t) => [t, `scripts/${t}.ts`])),
  outdir: `${out}/cli`,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [
    {
      name: "standalone-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./@]|^@[^/]+\// }, (args) => {
          if (args.path.startsWith("@/") || args.path.startsWith("node:")) return undefined;
          const name = args.path.split("/").slice(0, args.path.startsWith("@") ? 2 : 1).join("/");
          return existsSync(`${out}/node_modules/${name}`) ? { path: args.path, external: true } : undefined;
        });
      },
    },
  ],
  // Our modules' `import "server-only"` guards: inside the bundle they are empty, as under react-server.
  alias: { "server-only": empty },
  logLevel: "warning",
});

const pkgPath = `${out}/package.json`;
const pkg = JSON.parse(await readFile(pkgPath, "utf8"));
pkg.scripts = Object.fromEntries(TOOLS.map((t) => [t, `node --conditions=react-server cli/${t}.mjs`]));
await writeFile(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`cli: ${TOOLS.map((t) => `${out}/cli/${t}.mjs`).join(", ")}; ${pkgPath} scripts: ${Object.keys(pkg.scripts).join(", ")}`);
