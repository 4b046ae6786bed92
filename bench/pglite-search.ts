// node --conditions=react-server --import tsx bench/pglite-search.ts [articles]: the search on the embedded
// PGlite, one request at a time, without HTTP. Prepares (once) a PGlite data directory under bench/.data with
// the demo articles and synthetic ones up to the count, analysed as the web process's statistics keeper would,
// then times page 1 of the bench's two-word keywords (p50 / p95 of three rounds) and says which plan each took.
import { sql } from "drizzle-orm";
import { rankMatches } from "@/lib/search/rank";
import { refreshSearchStats } from "@/lib/search/statistics-keeper";
import { label, pgliteAt } from "./databases";
import { prepareBenchDb } from "./prepare-db";
import { openDatabase } from "@/lib/db/client";
import { TWO_WORD_KEYWORDS, WORST_KEYWORD } from "./scenarios";

const articles = Number(process.argv[2] ?? 100_000);
const target = pgliteAt(articles) as { dataDir: string };
const started = performance.now();
await prepareBenchDb(target, articles);
console.log(`pglite-search: ${label(articles)} prepared in ${((performance.now() - started) / 1000).toFixed(0)} s`);
const handle = await openDatabase({ databaseUrl: "", dataDir: target.dataDir });
const { db } = handle;
await refreshSearchStats(db);
const n = Number((await db.execute<{ n: string }>(sql`select count(*) n from articles`)).rows[0].n);
const times: number[] = [];
const plans = new Map<string, number>();
for (let round = 0; round < 4; round++) {
  for (const keyword of [...TWO_WORD_KEYWORDS, WORST_KEYWORD]) {
    const t = performance.now();
    const r = await rankMatches({ db, keyword, offset: 0, limit: 20 });
    if (round === 0) continue; // warm-up
    times.push(performance.now() - t);
    plans.set(r.plan, (plans.get(r.plan) ?? 0) + 1);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
console.log(`PGlite, ${n} articles: two-word keywords and “${WORST_KEYWORD}”, page 1: p50 ${pct(50)} ms, p95 ${pct(95)} ms over ${times.length} searches; plans ${[...plans].map(([k, v]) => `${k} ${v}`).join(", ")}`);
await handle.close();
