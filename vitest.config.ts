import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const integration = (name: string, driver: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name,
    include: ["**/*.int.test.ts"],
    exclude: ["**/node_modules/**", "**/.next/**", "e2e/**"],
    setupFiles: ["test/setup-integration.ts"],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside React Server Components; tests run server code directly.
      { find: /^server-only$/, replacement: `${root}/test/empty.ts` },
    ],
  },
  test: {
    environment: "node",
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**", "**/.next/**", "e2e/**"],
        },
      },
      integration("int-pglite", "pglite"),
      // With TEST_DATABASE_URL (CI sets it), the same integration tests also run on a Postgres server.
      ...(process.env.TEST_DATABASE_URL ? [integration("int-postgres", "postgres")] : []),
    ],
  },
});
