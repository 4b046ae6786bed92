import "server-only";
// What the web process does for search at start-up: on the embedded database, bring the statistics the
// search plans (and related articles) read up to date before the warm-up renders anything, then keep them fresh
// (PGlite runs no autovacuum); with an embedding model but no pgvector on a large collection, say that semantic
// search is off and how to turn it on.
import { embeddingModel } from "@/lib/ai/embeddings";
import { getDbHandle } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import { keepSearchStatsFresh, refreshSearchStats } from "./statistics-keeper";
import { warnIfVectorSearchOff } from "./vectors";

export async function startSearchUpkeep(): Promise<void> {
  try {
    const handle = await getDbHandle();
    if (handle.driver === "pglite") {
      await refreshSearchStats(handle.db);
      keepSearchStatsFresh(async () => handle.db);
    }
    await warnIfVectorSearchOff(handle.db, embeddingModel());
  } catch (err) {
    log.warn("search upkeep could not start", { error: errorMessage(err) });
  }
}
