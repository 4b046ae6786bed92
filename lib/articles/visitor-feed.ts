import "server-only";
// The feed's page 1 as every visitor gets it, kept as the JSON text of its answer per page size: current
// while the articles version has not moved (checked on every request), with counters at most
// COUNTERS_MAX_AGE_MS old. Signed-in readers (their own marks, exclude_read) are never served from it.
import { getDb } from "@/lib/db";
import { outsideRequest } from "@/lib/db/request-scope";
import { listArticles } from "./queries";
import { toApiArticle } from "./serialize";
import { COUNTERS_MAX_AGE_MS, sharedVersionReader } from "./version";

type Entry = { version: number; at: number; body: string };

const entries = new Map<number, Entry>();
const pending = new Map<number, Promise<string>>();
const currentVersion = sharedVersionReader(getDb);

/**
 * `{ "data": { items, total } }` of page 1 for a visitor, as JSON text. Its queries are shared by every
 * visitor asking at that moment, so they run outside the request: one visitor leaving cancels nothing.
 */
export function visitorFeedPage(limit: number, now = Date.now()): Promise<string> {
  return outsideRequest(() => sharedPage(limit, now));
}

async function sharedPage(limit: number, now: number): Promise<string> {
  const version = await currentVersion();
  const entry = entries.get(limit);
  if (entry && entry.version === version && now - entry.at <= COUNTERS_MAX_AGE_MS) return entry.body;
  let answer = pending.get(limit);
  if (!answer) {
    answer = (async () => {
      const page = await listArticles({ db: await getDb(), page: 1, limit });
      const body = JSON.stringify({ data: { items: page.items.map(toApiArticle), total: page.total } });
      entries.set(limit, { version, at: now, body });
      return body;
    })().finally(() => pending.delete(limit));
    pending.set(limit, answer);
  }
  return answer;
}
