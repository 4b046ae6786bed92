import "server-only";
// Announcing new articles to search engines (IndexNow; Baidu's 普通收录 push), each on when its key is set and
// SITE_URL is a public address. Whoever makes an article visible — the collector storing a feed's new items, an
// operator publishing or showing one, a reader's article published without review — queues its id
// (`announceArticles`, which never throws); the process that runs the feed scheduler sends the queue every
// minute, or at once when 500 ids were queued here (`startAnnouncer`). The queue and each service's state live in
// the database (./queue.ts), so a restart loses nothing and several processes send each id once. The console
// reads `announceStatus`; the key file route reads `indexNowKeyFile`.
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";
import { flushService, type FlushResult } from "./flush";
import { appendIds, readAll, type SendRecord } from "./queue";
import { announcedSite, SERVICES, type Service, type ServiceKey } from "./services";

export { MAX_ATTEMPTS } from "./flush";
export type { FlushResult } from "./flush";
export type { SendRecord } from "./queue";

/** Every minute the queue is sent, or at once when this many ids were queued by this process since. */
export const TICK_MS = 60_000;
export const FLUSH_AT = 500;

/** The services that announce now: their key set, and a public SITE_URL. */
function activeServices(): Service[] {
  const config = getConfig();
  return announcedSite(config) ? SERVICES.filter((s) => s.configured(config)) : [];
}

type Announcer = { stop: () => Promise<void>; wake: () => void };
const g = globalThis as typeof globalThis & { __shiyueAnnouncer?: Announcer; __shiyueAnnounceQueued?: number };

/** Queues newly visible articles for every active service. Never throws: a failure is a log line, not a lost poll. */
export async function announceArticles({ db, ids }: { db: Db; ids: number[] }): Promise<void> {
  const services = activeServices();
  if (!services.length || !ids.length) return;
  try {
    await appendIds(db, services.map((s) => s.key), ids);
  } catch (err) {
    log.warn("announce queue not written", { ids: ids.length, error: errorMessage(err) });
    return;
  }
  g.__shiyueAnnounceQueued = (g.__shiyueAnnounceQueued ?? 0) + ids.length;
  if (g.__shiyueAnnounceQueued >= FLUSH_AT) g.__shiyueAnnouncer?.wake();
}

let flushing: Promise<unknown> = Promise.resolve();

/** Sends what waits, one request per active service; one flush at a time in a process. */
export function flushAnnouncements({ db, now = new Date(), signal }: { db: Db; now?: Date; signal?: AbortSignal }): Promise<FlushResult[]> {
  const run = flushing.then(async () => {
    g.__shiyueAnnounceQueued = 0;
    const config = getConfig();
    const site = announcedSite(config);
    if (!site) return [];
    const results: FlushResult[] = [];
    for (const service of SERVICES.filter((s) => s.configured(config))) {
      try {
        results.push(await flushService({ db, service, site, config, now, signal }));
      } catch (err) {
        log.error("announce failed", { service: service.key, error: errorMessage(err) });
      }
    }
    return results;
  });
  flushing = run.catch(() => {});
  return run;
}

/** Sends the queue every `tickMs` until stopped; started with the feed scheduler (lib/ingest/scheduler.ts). */
export function startAnnouncer(getDb: () => Promise<Db>, { tickMs = TICK_MS }: { tickMs?: number } = {}): Announcer {
  if (g.__shiyueAnnouncer) return g.__shiyueAnnouncer;
  const config = getConfig();
  const configured = SERVICES.filter((s) => s.configured(config)).map((s) => s.key);
  if (configured.length && !announcedSite(config)) {
    log.warn("announcing off: SITE_URL is unset or local", { configured });
  }
  const stopping = new AbortController();
  let wake: (() => void) | null = null;
  let woken = false;
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      woken = false;
      if (activeServices().length) {
        try {
          await flushAnnouncements({ db: await getDb(), signal: stopping.signal });
        } catch (err) {
          log.error("announce tick failed", { error: errorMessage(err) });
        }
      }
      if (stopping.signal.aborted) break;
      if (woken) continue; // ids queued during the flush: another one at once
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, tickMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();
  const announcer: Announcer = {
    wake: () => {
      woken = true;
      wake?.();
    },
    stop: async () => {
      stopping.abort(); // a request in flight is cancelled and its URLs queued again
      wake?.();
      await loop;
      g.__shiyueAnnouncer = undefined;
    },
  };
  g.__shiyueAnnouncer = announcer;
  return announcer;
}

export async function stopAnnouncer(): Promise<void> {
  await g.__shiyueAnnouncer?.stop();
}

export type AnnounceServiceStatus = {
  key: ServiceKey;
  label: string;
  setting: string;
  configured: boolean;
  /** Article ids waiting to be sent. */
  waiting: number;
  /** Sends resume after this instant (backoff after failures). */
  paused_until: string | null;
  /** Baidu: what today's quota still allows, as its last answer said (China day). */
  quota: { day: string; remain: number } | null;
  /** Newest first. */
  sends: SendRecord[];
};

export type AnnounceStatus = {
  /** The site announced; null when SITE_URL is unset or local (nothing is sent). */
  site: string | null;
  services: AnnounceServiceStatus[];
};

/** The console's view: per service, whether it is on, what waits and the last sends. */
export async function announceStatus({ db }: { db: Db }): Promise<AnnounceStatus> {
  const config = getConfig();
  const rows = await readAll(db, SERVICES.map((s) => s.key));
  return {
    site: announcedSite(config)?.base ?? null,
    services: SERVICES.map((s) => {
      const { state, waiting } = rows.get(s.key)!;
      return {
        key: s.key,
        label: s.label,
        setting: s.setting,
        configured: s.configured(config),
        waiting,
        paused_until: state.pauseUntil,
        quota: state.quota,
        sends: state.sends,
      };
    }),
  };
}

/** The IndexNow key file's body for a request of /{key}.txt: the key when it is the configured one, else null (404). */
export function indexNowKeyFile(key: string): string | null {
  const configured = getConfig().INDEXNOW_KEY;
  return configured && key === configured ? configured : null;
}
