// One production server for one Playwright worker: `npm start` (scripts/start.ts, which finds the build the
// global setup made) on a port and an embedded data directory of its own, so journeys running side by side in
// two workers never see each other's likes, budgets or cached pages. Its output goes to a file, where the
// code-login journeys read the console SMS codes.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { freePort } from "../../test/free-port";
import webpush from "web-push";
import { METRICS_TOKEN } from "./metrics";

export type AppServer = { url: string; port: number; log: string; stop: () => Promise<void> };

/** Where a server on `port` keeps its embedded database (the CLI helpers open it through its socket). */
export const dataDirOf = (port: number | string) => `test-results/e2e-data-${port}/pglite`;
/** The file holding the output of the server on `port`. */
export const serverLogOf = (port: number | string) => `test-results/e2e-server-${port}.log`;

/** The journey servers' VAPID keys (消息推送 is on: e2e/pwa.spec.ts turns it on in a browser). */
export const VAPID = webpush.generateVAPIDKeys();

/** What every journey server gets: private URLs allowed (the summary journeys summarise the server's own pages). */
const BASE_ENV = {
  HOSTNAME: "127.0.0.1",
  DATABASE_URL: "",
  ALLOW_PRIVATE_URLS: "true",
  SITE_OPERATOR: "拾阅测试运营有限公司",
  PRIVACY_CONTACT: "privacy@shiyue.test",
  METRICS_TOKEN,
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
};

/** Starts `npm start` with `env` on a free port and resolves once /api/ready answers 200. */
export async function startApp(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = serverLogOf(port);
  rmSync(`test-results/e2e-data-${port}`, { recursive: true, force: true });
  mkdirSync("test-results", { recursive: true });
  const out = openSync(log, "w");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    stdio: ["ignore", out, out],
    env: { ...process.env, ...BASE_ENV, PORT: String(port), PGLITE_DIR: dataDirOf(port), ...env },
  });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (gone) throw new Error(`the journeys' server exited before it was ready:\n${readFileSync(log, "utf8").slice(-3000)}`);
    const status = await fetch(`${url}/api/ready`).then((r) => r.status, () => 0);
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the journeys' server was not ready in 180 s:\n${readFileSync(log, "utf8").slice(-3000)}`);
    }
    // Not ready yet: ask again once the connection attempt (or the 503) came back.
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    log,
    stop: async () => {
      if (gone) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The journeys' usual server: the abuse budgets raised far past what the suite spends from 127.0.0.1. */
export const startPlainApp = () => startApp({ ABUSE_LIMIT_SCALE: "1000", SMS_DAILY_LIMIT: "1000000" });
