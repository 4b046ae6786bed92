// The journeys' `test`: Playwright's, with a production server per worker (e2e/support/app-server.ts) that
// `baseURL`, `page` and `request` point at. The project picks which server: the usual one, or the one wired to a
// loopback AI provider ("provider" project). Journeys import `test` and `expect` from here.
import { test as base } from "@playwright/test";
import { startPlainApp, type AppServer } from "./app-server";
import { startProviderApp } from "./provider-app";

export { expect, request, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";

export type AppKind = "plain" | "provider";

let current: AppServer | undefined;

/** The server of this worker (for helpers that read its output or open its database). */
export function currentServer(): AppServer {
  if (!current) throw new Error("no journey server has been started in this worker");
  return current;
}

export const test = base.extend<object, { appKind: AppKind; workerServer: AppServer }>({
  appKind: ["plain", { scope: "worker", option: true }],
  workerServer: [
    async ({ appKind }, provide) => {
      const server = appKind === "provider" ? await startProviderApp() : await startPlainApp();
      current = server;
      await provide(server);
      current = undefined;
      await server.stop();
    },
    // Starting takes a few seconds (a copy of the migrated template, the demo seed); a busy machine, more.
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ workerServer }, provide) => provide(workerServer.url),
});
