import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "standalone",
  // The spec's paths end in a slash (/api/v1/articles/); answer them in place instead of redirecting.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Native and WASM packages are loaded from node_modules at run time, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@electric-sql/pglite-pgvector",
    "@node-rs/jieba",
    "@node-rs/argon2",
    "pg",
  ],
  // Files read at run time by the database bootstrap: migrations and the demo articles.
  outputFileTracingIncludes: {
    "/*": ["./drizzle/**/*", "./content/demo/**/*"],
  },
};

export default nextConfig;
