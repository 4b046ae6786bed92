import "server-only";
// The search chooses its plan from PostgreSQL's statistics of the articles' word vectors (statistics.ts).
// A PostgreSQL server keeps them fresh with autovacuum (ANALYZE after 2% of the rows changed, migration
// 0009); the embedded PGlite runs no autovacuum, so the web process does the same there: every few minutes
// it compares the article count with the one the last ANALYZE saw and analyses the table when they differ
// by 2% or more (or it was never analysed). Without statistics every keyword is ranked in full, which is
// right for a small collection and slow for a large one.
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";
import { countArticles } from "@/lib/articles/queries";
import { forgetTermStats } from "./statistics";

const CHECK_MS = 5 * 60_000;
/** Relative change of the article count that calls for a new ANALYZE (autovacuum_analyze_scale_factor). */
const CHANGE = 0.02;

/** Analyses the articles table when its statistics are missing or 2% behind; says whether it did. */
export async function refreshSearchStats(db: Db): Promise<boolean> {
  const [articles, seen] = await Promise.all([
    countArticles({ db }),
    db.execute<{ n: number }>(sql`select reltuples::float8 as n from pg_class where oid = 'articles'::regclass`),
  ]);
  const analysed = Number(seen.rows[0]?.n ?? -1);
  // reltuples is -1 before the first ANALYZE (0 on older servers, also for an empty table).
  if (analysed > 0 && Math.abs(articles - analysed) < CHANGE * analysed) return false;
  if (analysed <= 0 && articles === 0) return false;
  await db.execute(sql`analyze articles`);
  forgetTermStats(db);
  log.info("search statistics refreshed", { articles, previously: Math.max(analysed, 0) });
  return true;
}

/** Keeps the statistics fresh on the embedded database (a PostgreSQL server's autovacuum does it there). */
export function keepSearchStatsFresh(getDb: () => Promise<Db>, { everyMs = CHECK_MS } = {}): { stop: () => void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await refreshSearchStats(await getDb());
    } catch (err) {
      log.warn("search statistics refresh failed", { error: errorMessage(err) });
    }
    if (!stopped) {
      timer = setTimeout(tick, everyMs);
      timer.unref();
    }
  };
  timer = setTimeout(tick, 1_000);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
