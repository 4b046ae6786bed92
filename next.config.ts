import type { NextConfig } from "next";
import { API_CSP, HSTS, OFFLINE_SHELL_CSP, SERVICE_WORKER_CSP, STATIC_SECURITY_HEADERS } from "./lib/server/security-headers";

/** `/{key}.txt` for a key of IndexNow's form: 8–128 of a-z, A-Z, 0-9 and -. */
const INDEXNOW_KEY_FILE = "/:key([a-zA-Z0-9-]{8,128}).txt";

const nextConfig: NextConfig = {
  output: "standalone",
  // The spec's paths end in a slash (/api/v1/articles/); answer them in place instead of redirecting.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Pages get their Content-Security-Policy (with a nonce) from proxy.ts.
  async headers() {
    const https = { type: "header" as const, key: "x-forwarded-proto", value: "https" };
    return [
      { source: "/:path*", headers: STATIC_SECURITY_HEADERS },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
      { source: "/:path*", has: [https], headers: [{ key: "Strict-Transport-Security", value: HSTS }] },
      // The service worker: asked for again on every check for a new deployment, never from an HTTP cache.
      { source: "/sw.js", headers: [{ key: "Cache-Control", value: "no-cache" }, { key: "Content-Security-Policy", value: SERVICE_WORKER_CSP }] },
      // The offline shell (scripts/build-pwa.ts) at /offline and its file: its own CSP (no nonce), never indexed.
      ...["/offline", "/offline.html"].map((source) => ({
        source,
        headers: [
          { key: "Content-Security-Policy", value: OFFLINE_SHELL_CSP },
          { key: "Cache-Control", value: "no-cache" },
          { key: "X-Robots-Tag", value: "noindex" },
        ],
      })),
    ];
  },
  // The IndexNow key file at the protocol's default place, /{key}.txt: a name of the key's form that no file, page
  // or route answers (a fallback rewrite) goes to one route, which answers the configured key (INDEXNOW_KEY, read
  // at run time) and 404 for any other.
  async rewrites() {
    return {
      beforeFiles: [],
      // /offline is the offline shell's page (public/offline.html, made at build: scripts/build-pwa.ts).
      afterFiles: [{ source: "/offline", destination: "/offline.html" }],
      fallback: [{ source: INDEXNOW_KEY_FILE, destination: "/api/indexnow-key/:key" }],
    };
  },
  // Native and WASM packages are loaded from node_modules at run time, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@electric-sql/pglite-pgvector",
    "@node-rs/jieba",
    "@node-rs/argon2",
    "pg",
    // Reads its address databases beside its own files (lib/comments/ip-region.ts).
    "ip2region",
    // One copy of the metrics library for the whole server (lib/metrics keeps its registry on globalThis as well).
    "prom-client",
  ],
  // Files read at run time: migrations and the demo articles (database bootstrap), the ffmpeg binary of
  // @ffmpeg-installer/<platform> (lib/summary/media/ffmpeg.ts finds it by path, so tracing cannot), and the
  // offline address databases of ip2region (IP 属地 of comments).
  outputFileTracingIncludes: {
    "/*": ["./drizzle/**/*", "./content/demo/**/*", "./node_modules/@ffmpeg-installer/**/*", "./node_modules/ip2region/data/*"],
  },
};

export default nextConfig;
