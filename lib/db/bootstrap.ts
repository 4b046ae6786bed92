import "server-only";
// Start-up of the app's database: connect, migrate (under the advisory lock) and seed the demo articles
// when the database has none (SEED_DEMO). Runs once per process; /api/ready reports its outcome.
import { getConfig } from "@/lib/config";
import { fillMissingSearchText } from "@/lib/search/backfill";
import { log } from "@/lib/log";
import { getDbHandle, type DbHandle } from "./index";
import { outsideRequest } from "./request-scope";
import { hasArticles, seedDemoArticles } from "./seed/demo";

export type ReadyInfo = { driver: DbHandle["driver"]; seeded: number; ms: number };

const g = globalThis as typeof globalThis & { __shiyueReady?: Promise<ReadyInfo> };

export function ensureReady(): Promise<ReadyInfo> {
  g.__shiyueReady ??= outsideRequest(async () => {
    const started = performance.now();
    const handle = await getDbHandle();
    const mode = getConfig().SEED_DEMO;
    // Start-up work is background work: not bound by the request statement timeout.
    const db = handle.jobDb;
    const backfilled = await fillMissingSearchText(db);
    if (backfilled) log.info("search text filled", { articles: backfilled });
    let seeded = 0;
    if (mode === "always" || (mode === "when-empty" && !(await hasArticles(db)))) {
      seeded = await seedDemoArticles(db);
    }
    const info: ReadyInfo = { driver: handle.driver, seeded, ms: Math.round(performance.now() - started) };
    log.info("database ready", info);
    return info;
  }).catch((err) => {
    g.__shiyueReady = undefined;
    throw err;
  });
  return g.__shiyueReady;
}

/** Whether start-up finished, without waiting for it. */
export function readyState(): Promise<ReadyInfo> | undefined {
  return g.__shiyueReady;
}
