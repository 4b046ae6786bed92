import "server-only";
// The background embedder: while an embedding model is configured, embeds new and changed articles in
// batches, then sleeps until nudged (after articles are written) or until the next poll. Errors back off
// exponentially up to ten minutes; nothing is lost, the articles stay pending.
import { embeddingModel } from "@/lib/ai/embeddings";
import type { Db } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";
import { embedPending } from "./embeddings";

const POLL_MS = 60_000;
const MAX_BACKOFF_MS = 10 * 60_000;

type Embedder = { stop: () => Promise<void>; nudge: () => void };
const g = globalThis as typeof globalThis & { __shiyueEmbedder?: Embedder };

/** Wakes the running embedder (no-op when none runs). */
export function nudgeEmbedder(): void {
  g.__shiyueEmbedder?.nudge();
}

/** Stops the running embedder, waiting for its current batch (graceful shutdown). */
export async function stopEmbedder(): Promise<void> {
  await g.__shiyueEmbedder?.stop();
}

export function startEmbedder(getDb: () => Promise<Db>, opts: { pollMs?: number } = {}): Embedder | null {
  if (!embeddingModel()) return null;
  if (g.__shiyueEmbedder) return g.__shiyueEmbedder;
  const controller = new AbortController();
  let wake: (() => void) | null = null;
  let nudged = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (nudged) return resolve();
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    let failures = 0;
    while (!controller.signal.aborted) {
      nudged = false;
      try {
        const db = await getDb();
        let total = 0;
        for (;;) {
          const r = await embedPending(db, { signal: controller.signal });
          total += r.embedded;
          if (!r.embedded && !r.unchanged) break;
        }
        if (total) log.info("articles embedded", { count: total, model: embeddingModel() });
        failures = 0;
        await sleep(opts.pollMs ?? POLL_MS);
      } catch (err) {
        if (controller.signal.aborted) break;
        failures++;
        const wait = Math.min(5_000 * 2 ** (failures - 1), MAX_BACKOFF_MS);
        log.warn("embedding failed; will retry", { error: errorMessage(err), retry_in_ms: wait });
        await sleep(wait);
      }
    }
  })();

  const embedder: Embedder = {
    nudge: () => {
      nudged = true;
      wake?.();
    },
    stop: async () => {
      controller.abort();
      wake?.();
      await loop;
      if (g.__shiyueEmbedder === embedder) g.__shiyueEmbedder = undefined;
    },
  };
  g.__shiyueEmbedder = embedder;
  return embedder;
}
