import "server-only";
// The console's feed sources: lib/ingest/sources.ts's rules (the same functions `npm run feeds` runs), each
// change recorded in the audit log in its own transaction. A change that changes nothing (adding a source that
// exists, setting a value it already has) records nothing. `npm run feeds` calls these too, as 命令行.
import { asc } from "drizzle-orm";
import { platformByKey } from "@/lib/articles/platforms";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { feedSources, type FeedSource } from "@/lib/db/schema";
import { OpmlError, toOpml } from "@/lib/ingest/opml";
import { importOpml } from "@/lib/ingest/opml-import";
import type { PollResult } from "@/lib/ingest/poll";
import { pollDue } from "@/lib/ingest/scheduler";
import { formatInterval } from "@/lib/ingest/schedule";
import {
  addSource, findSource, listSources, removeSource, SourceError, updateSource, type SourceChanges, type SourceHealth, type SourceRow,
} from "@/lib/ingest/sources";
import { audited, recordAction, type Actor } from "./audit";

export const SOURCE_OBJECT = "source";

export type AdminSource = {
  id: number;
  url: string;
  title: string | null;
  /** Platform key, or null: 自动识别 (each article by its own link). */
  platform: string | null;
  platform_name: string | null;
  interval_seconds: number;
  /** The interval as the CLI writes it: "30m", "2h", "1d". */
  interval: string;
  enabled: boolean;
  allow_private: boolean;
  health: SourceHealth;
  last_success_at: string | null;
  last_fetched_at: string | null;
  last_error: string | null;
  error_count: number;
  next_poll_at: string;
  article_count: number;
  max_items: number;
  last_added: number;
  created_at: string;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toAdminSource(s: SourceRow): AdminSource {
  return {
    id: s.id,
    url: s.url,
    title: s.title,
    platform: s.platform,
    platform_name: platformByKey(s.platform)?.name ?? null,
    interval_seconds: s.intervalSeconds,
    interval: formatInterval(s.intervalSeconds),
    enabled: s.enabled,
    allow_private: s.allowPrivate,
    health: s.health,
    last_success_at: iso(s.lastSuccessAt),
    last_fetched_at: iso(s.lastFetchedAt),
    last_error: s.lastError,
    error_count: s.errorCount,
    next_poll_at: s.nextPollAt.toISOString(),
    article_count: s.articleCount,
    max_items: s.maxItems,
    last_added: s.lastAdded,
    created_at: s.createdAt.toISOString(),
  };
}

/** The settings an audit entry shows (before → after). */
const SETTINGS = {
  platform: (s: FeedSource) => s.platform,
  interval_seconds: (s: FeedSource) => s.intervalSeconds,
  max_items: (s: FeedSource) => s.maxItems,
  enabled: (s: FeedSource) => s.enabled,
  allow_private: (s: FeedSource) => s.allowPrivate,
};
type Settings = { [K in keyof typeof SETTINGS]: ReturnType<(typeof SETTINGS)[K]> };

function settingsOf(s: FeedSource): { url: string; title: string | null } & Settings {
  const settings = Object.fromEntries(Object.entries(SETTINGS).map(([k, get]) => [k, get(s)])) as Settings;
  return { url: s.url, title: s.title, ...settings };
}

/** The ingest rules' errors as the API's: 400 with their Chinese message. */
async function asApiErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SourceError || err instanceof OpmlError) throw new ApiError("bad_request", err.message);
    throw err;
  }
}

const notFound = (ref: string | number) => new ApiError("not_found", `没有找到订阅源：${ref}`);

/** Every source, oldest first, with health and article counts (lib/ingest listSources: one index range per source). */
export async function listConsoleSources({ db }: { db: Db }): Promise<AdminSource[]> {
  return (await listSources({ db })).map(toAdminSource);
}

async function consoleSource(db: Db, id: number): Promise<AdminSource> {
  const [row] = await listSources({ db, id });
  if (!row) throw notFound(id);
  return toAdminSource(row);
}

export type NewSourceInput = { url: string; platform?: string | null; intervalSeconds?: number; maxItems?: number; allowPrivate?: boolean };

/** Adds a source; `created` false (nothing recorded, settings untouched) when its URL is already a source. */
export async function createSource({ db, actor, input }: { db: Db; actor: Actor; input: NewSourceInput }) {
  const { source, created } = await asApiErrors(() =>
    audited(db, actor, async (tx) => {
      const r = await addSource({ db: tx, ...input });
      const entry = r.created ? { action: "source.add", objectType: SOURCE_OBJECT, objectId: r.source.id, after: settingsOf(r.source) } : null;
      return { result: r, entry };
    }),
  );
  return { source: await consoleSource(db, source.id), created };
}

/**
 * Changes a source's settings (`enabled` false pauses it, true resumes it). Records what changed, before and
 * after: source.pause or source.resume when only `enabled` did, source.update otherwise; nothing when nothing did.
 */
export async function editSource({ db, actor, ref, changes }: { db: Db; actor: Actor; ref: string | number; changes: SourceChanges }) {
  const { id, changed } = await asApiErrors(() =>
    audited(db, actor, async (tx) => {
      const before = await findSource({ db: tx, ref, lock: true });
      if (!before) throw notFound(ref);
      const after = (await updateSource({ db: tx, ref: before.id, ...changes }))!;
      const keys = (Object.keys(SETTINGS) as (keyof Settings)[]).filter((k) => SETTINGS[k](before) !== SETTINGS[k](after));
      if (!keys.length) return { result: { id: before.id, changed: false }, entry: null };
      const pick = (s: FeedSource) => Object.fromEntries(keys.map((k) => [k, SETTINGS[k](s)]));
      const action = keys.length === 1 && keys[0] === "enabled" ? (after.enabled ? "source.resume" : "source.pause") : "source.update";
      return { result: { id: before.id, changed: true }, entry: { action, objectType: SOURCE_OBJECT, objectId: before.id, before: pick(before), after: pick(after) } };
    }),
  );
  return { source: await consoleSource(db, id), changed };
}

/** Removes a source; the articles it collected stay. 404 when there is none (a second delete). */
export async function deleteSource({ db, actor, ref }: { db: Db; actor: Actor; ref: string | number }): Promise<{ id: number; url: string }> {
  return audited(db, actor, async (tx) => {
    const removed = await removeSource({ db: tx, ref });
    if (!removed) throw notFound(ref);
    return {
      result: { id: removed.id, url: removed.url },
      entry: { action: "source.remove", objectType: SOURCE_OBJECT, objectId: removed.id, before: settingsOf(removed) },
    };
  });
}

export type PollAnswer = {
  source_id: number;
  status: PollResult["status"];
  added: number;
  duplicates: number;
  error: string | null;
  error_count: number;
  next_poll_at: string;
  source: AdminSource;
};

/**
 * Polls one source now, due or not, paused or not (`npm run feeds -- poll <id>`'s pollDue). The fetch runs
 * outside any transaction; its outcome is recorded as source.poll afterwards. 409 when another process holds
 * the source's row at that instant.
 */
export async function pollSourceNow({ db, actor, ref, concurrency }: { db: Db; actor: Actor; ref: string | number; concurrency: number }): Promise<PollAnswer> {
  const source = await findSource({ db, ref });
  if (!source) throw notFound(ref);
  const [result] = await pollDue({ db, concurrency, ids: [source.id] });
  if (!result) throw new ApiError("conflict", "这个订阅源正在抓取，请稍后再试");
  const answer = {
    source_id: source.id,
    status: result.status,
    added: result.status === "failed" ? 0 : result.added,
    duplicates: result.status === "updated" ? result.duplicates : 0,
    error: result.status === "failed" ? result.error : null,
  };
  await recordAction(db, actor, { action: "source.poll", objectType: SOURCE_OBJECT, objectId: source.id, after: answer });
  const row = await consoleSource(db, source.id);
  return { ...answer, error_count: row.error_count, next_poll_at: result.nextPollAt.toISOString(), source: row };
}

export type ImportAnswer = {
  total: number;
  added: number;
  existing: number;
  skipped: { url: string; reason: string }[];
  added_ids: number[];
};

/** Adds every feed of an OPML file (lib/ingest/opml-import.ts), one source.import record per source added. */
export async function importSources({
  db,
  actor,
  xml,
  intervalSeconds,
  maxItems,
  allowPrivate,
}: {
  db: Db;
  actor: Actor;
  xml: string;
  intervalSeconds?: number;
  maxItems?: number;
  allowPrivate?: boolean;
}): Promise<ImportAnswer> {
  return asApiErrors(() =>
    db.transaction(async (tx) => {
      const report = await importOpml({ db: tx, xml, intervalSeconds, maxItems, allowPrivate });
      for (const s of report.added) await recordAction(tx, actor, { action: "source.import", objectType: SOURCE_OBJECT, objectId: s.id, after: settingsOf(s) });
      return {
        total: report.total,
        added: report.added.length,
        existing: report.existing.length,
        skipped: report.skipped,
        added_ids: report.added.map((s) => s.id),
      };
    }),
  );
}

/** Every source as OPML, with 拾阅's platform, interval and items per poll (no article counts needed). */
export async function exportSources({ db }: { db: Db }): Promise<string> {
  return toOpml(await db.select().from(feedSources).orderBy(asc(feedSources.id)));
}
