// First-load JavaScript of a page: every script under /_next/static the server HTML names, in script
// tags or in the flight data that hydration loads, fetched and gzipped (level 9), summed.
import { gzipSync } from "node:zlib";

export async function firstLoadJs(base: string, path: string): Promise<{ files: number; raw: number; gzip: number }> {
  const html = await (await fetch(new URL(path, base))).text();
  // Legacy polyfills in `<script noModule>` are not fetched by the browsers that run modules.
  const noModule = new Set([...html.matchAll(/<script src="([^"]+)" noModule/gi)].map((m) => m[1]));
  const srcs = new Set([...html.matchAll(/\/_next\/static\/[\w\-./]+?\.js/g)].map((m) => m[0]).filter((src) => !noModule.has(src)));
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: srcs.size, raw, gzip };
}
