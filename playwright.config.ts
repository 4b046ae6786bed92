import { defineConfig } from "@playwright/test";
import { METRICS_TOKEN } from "./e2e/support/metrics";

// Journeys run against `npm start` (the production build) on a fresh embedded database.
const port = Number(process.env.E2E_PORT ?? 3310);
const dataDir = `test-results/e2e-data-${port}`;
export const serverLog = `test-results/e2e-server-${port}.log`;
// A second server with a loopback DeepSeek-style provider (e2e/support/with-provider.ts) for provider.spec.ts.
const providerPort = port + 100;
const providerDataDir = `test-results/e2e-data-${providerPort}`;
// It keeps the default abuse budget, so the human-check journey runs there too.
const PROVIDER_SPEC = /(provider|human-check)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  // Kept apart from test-results/ itself, which also holds the Vitest report and the e2e data dir.
  outputDir: "test-results/e2e-artifacts",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    trace: "retain-on-failure",
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
    { name: "desktop", testIgnore: PROVIDER_SPEC, use: { viewport: { width: 1280, height: 800 } } },
    // Browser-free server checks (shutdown, metrics, load, home cache, page weight) run once, in the desktop project.
    { name: "phone", testIgnore: [/shutdown\.spec\.ts$/, /metrics\.spec\.ts$/, /load\.spec\.ts$/, /home-cache\.spec\.ts$/, /permalink-cache\.spec\.ts$/, /page-weight\.spec\.ts$/, PROVIDER_SPEC], use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: "provider", testMatch: PROVIDER_SPEC, use: { viewport: { width: 1280, height: 800 }, baseURL: `http://127.0.0.1:${providerPort}` } },
  ],
  webServer: [
    {
      // The server's output is kept in a file: the code-login journey reads the console SMS code from it.
      command: `mkdir -p test-results && rm -rf ${dataDir} && npm start 2>&1 | tee ${serverLog}`,
      url: `http://127.0.0.1:${port}/api/ready`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      // Private URLs allowed so the summary journeys can summarise this server's own pages. Every journey
      // comes from 127.0.0.1: the per-address abuse budget is raised far past what the suite spends.
      env: { PORT: String(port), HOSTNAME: "127.0.0.1", PGLITE_DIR: `${dataDir}/pglite`, DATABASE_URL: "", ALLOW_PRIVATE_URLS: "true", ABUSE_LIMIT_SCALE: "1000", SMS_DAILY_LIMIT: "1000000", SITE_OPERATOR: "拾阅测试运营有限公司", PRIVACY_CONTACT: "privacy@shiyue.test", METRICS_TOKEN },
    },
    {
      command: `rm -rf ${providerDataDir} && node --import tsx e2e/support/with-provider.ts`,
      url: `http://127.0.0.1:${providerPort}/api/ready`,
      timeout: 300_000,
      reuseExistingServer: false,
      env: { PORT: String(providerPort), HOSTNAME: "127.0.0.1", PGLITE_DIR: `${providerDataDir}/pglite`, DATABASE_URL: "", METRICS_TOKEN },
    },
  ],
});
