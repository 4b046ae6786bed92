// One measured configuration: a prepared corpus (PostgreSQL or PGlite), the app started on it and, on
// PostgreSQL, the floor server on the same database; every scenario at each connection count, then
// optionally the chat's first byte and the home page's first-load JavaScript.
import { appFor, type App } from "./app-server";
import { chatFirstByte } from "./chat-ttfb";
import { captureFloorRoutes, startFloor, type Floor } from "./floor";
import { FLOOD_PAGES, floodRow, type FloodOptions, type FloodResult } from "./flood";
import { measure, type LoadOptions, type Row } from "./measure";
import { firstLoadJs } from "./page-weight";
import { describe, type BenchDb } from "./prepare-db";
import { benchScenarios, type ScenarioKey } from "./scenarios";

export type TargetResult = {
  label: string;
  database: string;
  articles: number;
  /** Spawn to /api/ready (includes a build when scripts/start.ts had to make one). */
  readyMs: number;
  rows: Row[];
  chatFirstByte?: Awaited<ReturnType<typeof chatFirstByte>>;
  firstLoadJs?: Awaited<ReturnType<typeof firstLoadJs>>;
  flood?: FloodResult;
};

export type TargetOptions = LoadOptions & {
  label: string;
  worst: boolean;
  /** Only these scenarios (default all). */
  only?: ScenarioKey[];
  /** No floor server: the rows are the app's alone. */
  noFloor?: boolean;
  /** The search flood, last (it may leave the database busy for a while). */
  flood?: FloodOptions;
  port: number;
  provider: { url: string; env: Record<string, string> };
  chatQuestions?: number;
  weigh?: boolean;
  /** An app already started on this corpus (the quick run's), instead of a new one. */
  app?: App;
};

export async function runTarget(db: BenchDb, opts: TargetOptions): Promise<TargetResult> {
  console.log(`\nbench: ${opts.label} (${describe(db.target)}, ${db.articles} articles)`);
  let floor: Floor | undefined;
  if ("databaseUrl" in db.target && !opts.noFloor) floor = await startFloor(db.target.databaseUrl, await captureFloorRoutes(db.target.databaseUrl, db.userId));
  try {
    const app = await appFor(db.target, { port: opts.port, env: opts.provider.env }, opts.app);
    try {
      const result: TargetResult = { label: opts.label, database: describe(db.target), articles: db.articles, readyMs: app.readyMs, rows: [] };
      result.rows = await measure(app.base, floor?.base ?? null, benchScenarios(db, { worst: opts.worst, only: opts.only }), opts);
      const chat = opts.chatQuestions ? await attempt("chat first byte", () => chatFirstByte(app.base, opts.provider.url, opts.chatQuestions!)) : undefined;
      if (chat) {
        result.chatFirstByte = chat;
        console.log(`  chat first byte (${chat.requests} questions): provider p50 ${chat.direct.p50} ms; through the app p50 ${chat.app.p50} ms; added p50 ${chat.added.p50} ms, p95 ${chat.added.p95} ms`);
      }
      const weight = opts.weigh ? await attempt("home first-load JS", () => firstLoadJs(app.base, "/")) : undefined;
      if (weight) {
        result.firstLoadJs = weight;
        console.log(`  home first-load JS: ${weight.files} files, ${(weight.gzip / 1024).toFixed(1)} kB gzip`);
      }
      const flood = opts.flood ? await attempt("search flood", () => floodRow(app.base, "databaseUrl" in db.target ? db.target.databaseUrl : null, db.articleId, opts.flood!)) : undefined;
      if (flood) {
        result.flood = flood;
        console.log(`  ${floodLine(flood)}`);
      }
      const logged = app.errorsLogged();
      if (logged) console.error(`  the app logged ${logged} error lines: see ${app.logFile}`);
      return result;
    } finally {
      await app.stop();
    }
  } finally {
    await floor?.stop();
  }
}

/** An extra figure that must not cost the whole run when the app answers it with an error. */
async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    console.error(`  ${what} failed: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** One line for the console: each page's p95 idle → during the flood, and the flood's own figures. */
export function floodLine(f: FloodResult): string {
  const pages = FLOOD_PAGES.map((p) => `${p} p95 ${f.idle[p].p95} → ${f.flood[p].p95} ms (×${(f.flood[p].p95 / f.idle[p].p95).toFixed(1)})`);
  return (
    `search flood (${f.clients} clients, ${f.cycles} × ${f.seconds / f.cycles} s): ${pages.join(", ")}; ` +
    `${f.searches.requests} searches (${f.searches.errors} errors, p50 ${f.searches.p50} ms); database idle ${f.drainSeconds} s after; load ${f.load.before} → ${f.load.after}`
  );
}
