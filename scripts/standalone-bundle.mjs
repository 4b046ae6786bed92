// What the bundles made beside the standalone server share (build-server.mjs: server.js; build-cli.mjs: cli/*.mjs):
// a package the standalone server ships in its node_modules (next, native binaries, PGlite's WebAssembly, pg) is
// imported from there; the rest (drizzle-orm, zod… which Next bundled into the server's own chunks) is bundled in;
// our modules' `import "server-only"` guards are empty inside the bundle, as under react-server. A CommonJS package
// bundled in (web-push, which Next bundled into its chunks rather than ship) calls require() for Node's built-ins:
// the banner gives the ES module one.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const empty = fileURLToPath(new URL("../test/empty.ts", import.meta.url));

/** esbuild options for a Node ESM bundle whose packages come from `out`/node_modules where they exist there. */
export function standaloneBundle(out) {
  return {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [
      {
        name: "standalone-packages",
        setup(b) {
          b.onResolve({ filter: /^[^./@]|^@[^/]+\// }, (args) => {
            if (args.path.startsWith("@/") || args.path.startsWith("node:") || args.path === "server-only") return undefined;
            const name = args.path.split("/").slice(0, args.path.startsWith("@") ? 2 : 1).join("/");
            return existsSync(`${out}/node_modules/${name}`) ? { path: args.path, external: true } : undefined;
          });
        },
      },
    ],
    alias: { "server-only": empty },
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    logLevel: "warning",
  };
}
