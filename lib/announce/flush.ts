import "server-only";
// One send per service: the queue taken, hidden articles dropped (a takedown is never announced, whenever it
// came), the newest URLs up to the protocol's limit (and Baidu's quota left today) sent in one request, the rest
// queued again, and the answer acted on:
//   sent      recorded; Baidu's `remain` kept for the day (0: nothing more is sent until the next China day)
//   retry     (429, 5xx, no answer) the URLs queued again and the service paused 1, 2, 4 … 60 minutes (or
//             the answer's Retry-After, up to 6 hours); after MAX_ATTEMPTS failures in a row the batch is
//             dropped with an error line
//   rejected  (another 4xx: a bad key, a malformed request) dropped with a warning line; sending it again
//             would be refused again
//   quota     (Baidu: over quota) queued again, nothing more sent that China day
import { and, inArray, isNull } from "drizzle-orm";
import { chinaDay } from "@/lib/china-time";
import type { Config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { appendIds, changeState, readState, takeIds, type SendRecord, type ServiceState } from "./queue";
import { permalink, type Outcome, type Service, type Site } from "./services";

/** Failures in a row after which a batch is dropped. */
export const MAX_ATTEMPTS = 6;
export const FIRST_BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
const MAX_RETRY_AFTER_MS = 6 * 60 * 60_000;
/** Ids a queue keeps at most (the oldest beyond are dropped): more than a day of collecting. */
export const MAX_WAITING = 10_000;

export type FlushResult =
  | { service: Service["key"]; skipped: "paused" | "quota" | "empty" }
  | { service: Service["key"]; outcome: Outcome["kind"]; urls: string[]; status: number | null; result: string };

/** The pause after `failures` failures in a row: 1, 2, 4 … minutes up to an hour, or the server's Retry-After if longer. */
export function backoffMs(failures: number, retryAfterSeconds?: number | null): number {
  const own = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
  return Math.max(own, Math.min((retryAfterSeconds ?? 0) * 1000, MAX_RETRY_AFTER_MS));
}

/** The ids among `ids` that readers can see, in the order given. */
async function visibleIds(db: Db, ids: number[]): Promise<number[]> {
  const visible = new Set<number>();
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(inArray(articles.id, ids.slice(i, i + 1_000)), isNull(articles.hiddenAt), isNull(articles.reviewStatus)));
    for (const r of rows) visible.add(r.id);
  }
  return ids.filter((id) => visible.has(id));
}

export async function flushService({
  db,
  service,
  site,
  config,
  now,
  signal,
}: {
  db: Db;
  service: Service;
  site: Site;
  config: Config;
  now: Date;
  signal?: AbortSignal;
}): Promise<FlushResult> {
  const key = service.key;
  const state = await readState(db, key);
  if (state.pauseUntil && Date.parse(state.pauseUntil) > now.getTime()) return { service: key, skipped: "paused" };
  const today = chinaDay(now);
  const remain = state.quota?.day === today ? state.quota.remain : null;
  if (remain !== null && remain <= 0) return { service: key, skipped: "quota" };

  let queued = await takeIds(db, key);
  if (queued.length > MAX_WAITING) {
    log.warn("announce queue trimmed", { service: key, dropped: queued.length - MAX_WAITING });
    queued = queued.slice(-MAX_WAITING);
  }
  const visible = await visibleIds(db, queued);
  const batch = visible.slice(-Math.min(service.maxBatch, remain ?? Infinity));
  const rest = visible.slice(0, visible.length - batch.length);
  if (rest.length) await appendIds(db, [key], rest);
  if (!batch.length) return { service: key, skipped: "empty" };

  const urls = batch.map((id) => permalink(site, id));
  const outcome = await service.send({ site, urls, config, now, signal });
  if (signal?.aborted && outcome.kind === "retry") {
    await appendIds(db, [key], batch); // stopped mid-request (shutdown): not a failure of the service
    return { service: key, outcome: outcome.kind, urls, status: null, result: "已停止" };
  }
  const record: SendRecord = { at: now.toISOString(), urls: urls.length, ok: outcome.kind === "sent", status: outcome.status, result: outcome.result };
  const fields = { service: key, urls: urls.length, status: outcome.status, result: outcome.result };
  const recorded = (s: ServiceState, change: Partial<ServiceState>): ServiceState => ({ ...s, ...change, sends: [record, ...s.sends] });

  switch (outcome.kind) {
    case "sent":
      await changeState(db, key, (s) =>
        recorded(s, { failures: 0, pauseUntil: null, quota: outcome.remain === undefined ? s.quota : { day: today, remain: outcome.remain } }),
      );
      log.info("articles announced", outcome.remain === undefined ? fields : { ...fields, remain: outcome.remain });
      break;
    case "retry": {
      let gaveUp = false;
      const next = await changeState(db, key, (s) => {
        const failures = s.failures + 1;
        const pauseUntil = new Date(now.getTime() + backoffMs(failures, outcome.retryAfterSeconds)).toISOString();
        gaveUp = failures >= MAX_ATTEMPTS;
        if (!gaveUp) return recorded(s, { failures, pauseUntil });
        return { ...s, failures: 0, pauseUntil, sends: [{ ...record, result: `${record.result}，连续 ${failures} 次失败，这 ${urls.length} 条不再推送` }, ...s.sends] };
      });
      if (gaveUp) {
        log.error("announce gave up", { ...fields, attempts: MAX_ATTEMPTS });
      } else {
        await appendIds(db, [key], batch);
        log.warn("announce will retry", { ...fields, failures: next.failures, retry_at: next.pauseUntil });
      }
      break;
    }
    case "rejected":
      await changeState(db, key, (s) => recorded(s, { failures: 0, pauseUntil: null }));
      log.warn("announce refused", fields);
      break;
    case "quota":
      await changeState(db, key, (s) => recorded(s, { failures: 0, pauseUntil: null, quota: { day: today, remain: 0 } }));
      await appendIds(db, [key], batch);
      log.warn("announce quota used up", fields);
      break;
  }
  return { service: key, outcome: outcome.kind, urls, status: outcome.status, result: outcome.result };
}
