// The web server's bundle: server/main.ts (with lib/server/pipeline.ts and what it imports) into the standalone
// folder's server.js, in place of the one `next build` generates — so `node server.js` (npm start, the container,
// the journeys) starts our server, which starts Next.js inside it. Run after `next build` by scripts/start.ts,
// `npm run build` and the Dockerfile:
//   node scripts/build-server.mjs [.next/standalone]
// With --dev it writes .next/dev-server.mjs for `npm run dev` instead (packages from the project's node_modules).
import { build } from "esbuild";
import { standaloneBundle } from "./standalone-bundle.mjs";

const dev = process.argv.includes("--dev");
const out = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? ".next/standalone";

await build({
  ...standaloneBundle(dev ? "." : out),
  entryPoints: ["server/main.ts"],
  outfile: dev ? ".next/dev-server.mjs" : `${out}/server.js`,
  allowOverwrite: true,
  // Modules of ours that a package reads with require() (none today) would need it in an ES module.
  banner: { js: 'import { createRequire as __shiyueRequire } from "node:module"; const require = __shiyueRequire(import.meta.url);' },
});
console.log(`server: ${dev ? ".next/dev-server.mjs" : `${out}/server.js`}`);
