import "server-only";
// The digest worker (the web process with RUN_WORKER, or `npm run worker`): once a minute it makes the site's
// digest when its time has come (SITE_MINUTE, China time), then today's digest of every reader who is due — the
// switch on, personal recommendations on, signed in within ACTIVE_DAYS, past their chosen minute, none made
// today — DIGEST_CONCURRENCY at a time, each under its lease (write.ts), so several workers share the queue
// without writing one twice. Before its first round it rebuilds interest profiles made by older labelling
// rules (lib/recommendations/relabel.ts). A reader who is not due gets theirs when they open /digest.
import { sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { chinaDay, chinaDaysBefore, chinaMinute } from "@/lib/china-time";
import { errorMessage, log } from "@/lib/log";
import { queuePush } from "@/lib/push/outbox";
import { relabelProfiles } from "@/lib/recommendations/relabel";
import { ACTIVE_DAYS, SITE_MINUTE } from "./constants";
import { makeReaderDigest, makeSiteDigest } from "./write";

const TICK_MS = 60_000;
/** Readers taken from the queue per query. */
const BATCH = 200;

/** The readers due for today's digest at `now` (after `after`, by id), at most `limit`. */
function dueReaders(now: Date, after: number, limit: number) {
  const day = chinaDay(now);
  return sql`
    select u.id from users u
    where u.digest_on and u.personalized and u.disabled_at is null
      and u.active_on >= ${chinaDaysBefore(day, ACTIVE_DAYS)} and u.digest_minute <= ${chinaMinute(now)}
      and (u.digest_claimed_until is null or u.digest_claimed_until < ${now})
      and u.id > ${after}
      and not exists (select 1 from digests d where d.user_id = u.id and d.day = ${day})
    order by u.id limit ${limit}`;
}

/** How many readers are due now (the queue's depth in /metrics). */
export async function dueCount(db: Db, now = new Date()): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${dueReaders(now, 0, 1_000_000)}) q`);
  return rows[0].n;
}

export type Round = { site: boolean; readers: number; failed: number };

/** One round: the site's digest if due, then every due reader's, `concurrency` at a time. */
export async function digestRound(db: Db, { now = new Date(), concurrency = getConfig().DIGEST_CONCURRENCY, signal }: { now?: Date; concurrency?: number; signal?: AbortSignal } = {}): Promise<Round> {
  const day = chinaDay(now);
  const round: Round = { site: false, readers: 0, failed: 0 };
  if (chinaMinute(now) >= SITE_MINUTE) {
    round.site = (await makeSiteDigest(db, day, signal)).made;
  }
  let after = 0;
  while (!signal?.aborted) {
    const { rows } = await db.execute<{ id: number }>(dueReaders(now, after, BATCH));
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    let next = 0;
    const lane = async () => {
      while (next < rows.length && !signal?.aborted) {
        const { id } = rows[next++];
        try {
          if (await makeReaderDigest(db, id, day, now, signal)) {
            round.readers++;
            // The reader's subscribed browsers hear of it (lib/push); a failure there costs only the notification.
            await queuePush(db, id, "digest", { title: "今日精选已为你准备好", body: "打开看看今天为你挑选的好文", url: "/digest" }).catch((err) =>
              log.warn("digest_push_failed", { user: id, error: errorMessage(err) }),
            );
          }
        } catch (err) {
          round.failed++;
          log.error("digest failed", { user: id, error: errorMessage(err) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    if (rows.length < BATCH) break;
  }
  return round;
}

type State = { timer?: NodeJS.Timeout; controller: AbortController; running?: Promise<void> };
const g = globalThis as typeof globalThis & { __shiyueDigests?: State };

/** Relabels old profiles, then runs a round at once and every minute, until stopDigestWorker. */
export function startDigestWorker(getDb: () => Promise<Db>): void {
  if (g.__shiyueDigests) return;
  const state: State = { controller: new AbortController() };
  g.__shiyueDigests = state;
  let relabelled = false;
  const run = async () => {
    try {
      const db = await getDb();
      if (!relabelled) {
        const n = await relabelProfiles(db);
        relabelled = true;
        if (n) log.info("interest labels rebuilt", { readers: n });
      }
      const round = await digestRound(db, { signal: state.controller.signal });
      if (round.site || round.readers || round.failed) log.info("digests made", round);
    } catch (err) {
      if (!state.controller.signal.aborted) log.error("digest round failed", { error: errorMessage(err) });
    }
  };
  const tick = () => {
    state.running = run().finally(() => {
      if (g.__shiyueDigests === state && !state.controller.signal.aborted) state.timer = setTimeout(tick, TICK_MS).unref();
    });
  };
  tick();
}

/** Stops the worker: the round in progress is told to stop and awaited. */
export async function stopDigestWorker(): Promise<void> {
  const state = g.__shiyueDigests;
  if (!state) return;
  g.__shiyueDigests = undefined;
  state.controller.abort();
  clearTimeout(state.timer);
  await state.running;
}
