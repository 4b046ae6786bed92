import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import type { AppKind } from "./e2e/support/fixtures";

// Journeys run against `npm start` (the production build, made once by the global setup) on fresh embedded
// databases: each worker starts a server of its own (e2e/support/fixtures.ts), so workers share no state.
// The "provider" project's server is wired to a loopback DeepSeek-style provider (e2e/support/provider-app.ts).
const PROVIDER_SPEC = /(provider|human-check)\.spec\.ts$/;
// The query-cancellation journeys need a PostgreSQL server (TEST_DATABASE_URL: CI's Node 24 line sets it); PGlite
// has no statement timeout or cancel request to check, so without one they are not part of the run at all.
const NEEDS_POSTGRES = process.env.TEST_DATABASE_URL ? [] : [/query-cancel\.spec\.ts$/];

export default defineConfig<object, { appKind: AppKind }>({
  testDir: "e2e",
  // Kept apart from test-results/ itself, which also holds the Vitest report and the servers' data and output.
  outputDir: "test-results/e2e-artifacts",
  globalSetup: "./e2e/support/global-setup.ts",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Files are shared out among the workers; the tests of one file run in order, in one worker.
  fullyParallel: false,
  // One worker on this 2-core machine: each worker's browser and server already keep both cores busy, and a
  // second worker gained little (docs/testing.md) while every journey ran twice as long, near its timeout. On a
  // bigger machine E2E_WORKERS=<n> runs n workers, each with its own server.
  workers: Number(process.env.E2E_WORKERS) || (availableParallelism() > 2 ? Math.floor(availableParallelism() / 2) : 1),
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    // A trace costs about a quarter of a journey's time even when it is thrown away (measured: 12 journeys in
    // 21.5 s without, 27.9 s with a full trace), so it is recorded only when asked for: E2E_TRACE=1. A failure
    // still leaves a screenshot, the error and the server's log.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // The site's service worker (issue 45) is registered only in the journeys about it (e2e/pwa.spec.ts allows it):
    // elsewhere it would precache the offline shell in every fresh context, and a worker answering navigations
    // hides them from page.route.
    serviceWorkers: "block",
    // Bounded, so a journey that hangs names the click or page load it hung on instead of only its own timeout.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", testIgnore: [PROVIDER_SPEC, ...NEEDS_POSTGRES], use: { viewport: { width: 1280, height: 800 } } },
    // Only the journeys tagged @phone: those whose subject is the narrow layout or touch (docs/testing.md).
    { name: "phone", grep: /@phone/, testIgnore: PROVIDER_SPEC, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: "provider", testMatch: PROVIDER_SPEC, use: { viewport: { width: 1280, height: 800 }, appKind: "provider" as AppKind } },
  ],
});
