import "server-only";
// The chat's retrieval run once at start-up, inside Next.js's module graph (instrumentation.ts → start.ts): route
// handlers share these modules, so the first question a reader asks finds jieba's dictionary loaded, the search
// statistics read and the articles' index pages in memory. No AI provider is asked anything.
import { retrieveSources } from "@/lib/chat/retrieval";
import { getReadDb } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";

const QUESTION = "最近有哪些值得一读的科技文章？";

export async function warmRetrieval(): Promise<void> {
  const started = performance.now();
  try {
    await retrieveSources({ db: await getReadDb(null), question: QUESTION, signal: AbortSignal.timeout(15_000) });
    log.info("warm_retrieval", { ms: Math.round(performance.now() - started) });
  } catch (err) {
    log.warn("warm_retrieval_failed", { error: errorMessage(err) });
  }
}
