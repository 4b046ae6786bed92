import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // public/sw.js and public/offline*: bundles made by scripts/build-pwa.ts.
  globalIgnores(["**/.next/**", "out/**", "build/**", "next-env.d.ts", "data/**", "test-results/**", "playwright-report/**", "public/sw.js", "public/offline/**"]),
]);
