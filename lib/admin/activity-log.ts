import "server-only";
// What readers ask for, counted per day for the console's overview: each search (its keyword normalised, how
// often it was searched, how many results the last search found) and each chat question. No user id, no
// address, no time of day. A search is a GET and stays replica-safe: it only adds to a tally in this process's
// memory; the tallies are written every FLUSH_MS with one upsert per (day, keyword), at shutdown, and early when
// MAX_KEYS keywords are waiting. Only page 1 of a search counts (a reader paging through results searched once).
// The tallies live on globalThis: the route bundles and instrumentation's start-up code share one per process.
import { sql } from "drizzle-orm";
import { getJobDb } from "@/lib/db";
import type { Db } from "@/lib/db/client";
import { outsideRequest } from "@/lib/db/request-scope";
import { dailyCounters, searchLog } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { onSearch } from "@/lib/search/events";
import { chinaDay } from "@/lib/china-time";

export const FLUSH_MS = 30_000;
/** Keywords waiting in memory before a flush starts early. */
export const MAX_KEYS = 10_000;
/** While the database cannot be written, new keywords beyond this many are dropped (known ones still count). */
const HARD_MAX_KEYS = 2 * MAX_KEYS;
export const KEYWORD_MAX_CHARS = 100;
/** Rows per upsert statement. */
const CHUNK = 500;
/** daily_counters.name of the chat's questions. */
export const CHAT_QUESTIONS = "chat_questions";

type SearchTally = { day: string; keyword: string; searches: number; results: number };
type CounterTally = { day: string; name: string; value: number };
type State = {
  searches: Map<string, SearchTally>;
  counters: Map<string, CounterTally>;
  /** The flush in progress (flushes run one after another). */
  flushing: Promise<void>;
  getDb?: () => Promise<Db>;
  timer?: NodeJS.Timeout;
};

const g = globalThis as typeof globalThis & { __shiyueActivityLog?: State };
const state: State = (g.__shiyueActivityLog ??= { searches: new Map(), counters: new Map(), flushing: Promise.resolve() });

/** Trimmed, lower-cased, runs of whitespace as one space, at most KEYWORD_MAX_CHARS characters; "" for none. */
export function normalizeKeyword(keyword: string): string {
  return [...keyword.replace(/\s+/g, " ").trim().toLowerCase()].slice(0, KEYWORD_MAX_CHARS).join("").trim();
}

/** Counts one search (page 1 only: the caller passes `page`) and how many results it found. */
export function noteSearch({ keyword, results, page = 1, now = new Date() }: { keyword: string; results: number; page?: number; now?: Date }): void {
  if (page !== 1) return;
  const normalized = normalizeKeyword(keyword);
  if (!normalized) return;
  const day = chinaDay(now);
  const key = `${day}\n${normalized}`;
  const tally = state.searches.get(key);
  const found = Math.max(0, Math.min(Math.trunc(results) || 0, 2_147_483_647));
  if (tally) {
    tally.searches++;
    tally.results = found;
  } else if (state.searches.size < HARD_MAX_KEYS) {
    state.searches.set(key, { day, keyword: normalized, searches: 1, results: found });
  }
  if (state.searches.size >= MAX_KEYS) flushSoon();
}

/** Counts one event of a daily counter (e.g. CHAT_QUESTIONS). */
export function noteEvent(name: string, now = new Date()): void {
  const day = chinaDay(now);
  const key = `${day}\n${name}`;
  const tally = state.counters.get(key);
  if (tally) tally.value++;
  else state.counters.set(key, { day, name, value: 1 });
}

export function noteChatQuestion(now = new Date()): void {
  noteEvent(CHAT_QUESTIONS, now);
}

/** How many (day, keyword) and (day, counter) tallies wait to be written. */
export function pendingActivity(): { searches: number; counters: number } {
  return { searches: state.searches.size, counters: state.counters.size };
}

/**
 * Writes every tally counted so far (searches and daily counters) and waits for it; a failed write keeps the
 * tallies for the next flush. For the timer, shutdown, tests and command-line tools.
 */
export function flushSearchLog({ db }: { db?: Db } = {}): Promise<void> {
  const run = state.flushing.then(() => writeAll(db));
  state.flushing = run.catch(() => {});
  return run;
}

/** A flush started from a request path: not awaited, not part of the request (nor cancelled with it). */
function flushSoon(): void {
  outsideRequest(() => {
    flushSearchLog().catch((err) => log.warn("activity log flush failed", { error: errorMessage(err) }));
  });
}

async function writeAll(given?: Db): Promise<void> {
  if (!state.searches.size && !state.counters.size) return;
  const searches = [...state.searches.values()];
  const counters = [...state.counters.values()];
  state.searches = new Map();
  state.counters = new Map();
  let written = 0;
  let countersWritten = false;
  try {
    const db = given ?? (await (state.getDb ?? getJobDb)());
    for (; written < searches.length; written += CHUNK) await upsertSearches(db, searches.slice(written, written + CHUNK));
    if (counters.length) await upsertCounters(db, counters);
    countersWritten = true;
  } catch (err) {
    restore(searches.slice(written), countersWritten ? [] : counters);
    throw err;
  }
}

function upsertSearches(db: Db, rows: SearchTally[]) {
  return db
    .insert(searchLog)
    .values(rows)
    .onConflictDoUpdate({
      target: [searchLog.day, searchLog.keyword],
      set: { searches: sql`search_log.searches + excluded.searches`, results: sql`excluded.results` },
    });
}

function upsertCounters(db: Db, rows: CounterTally[]) {
  return db
    .insert(dailyCounters)
    .values(rows)
    .onConflictDoUpdate({ target: [dailyCounters.day, dailyCounters.name], set: { value: sql`daily_counters.value + excluded.value` } });
}

/** Puts unwritten tallies back under the ones counted meanwhile (whose result counts are newer). */
function restore(searches: SearchTally[], counters: CounterTally[]): void {
  for (const t of searches) {
    const key = `${t.day}\n${t.keyword}`;
    const newer = state.searches.get(key);
    if (newer) newer.searches += t.searches;
    else if (state.searches.size < HARD_MAX_KEYS) state.searches.set(key, t);
  }
  for (const t of counters) {
    const key = `${t.day}\n${t.name}`;
    const newer = state.counters.get(key);
    if (newer) newer.value += t.value;
    else state.counters.set(key, t);
  }
}

/** Counts every page-1 search the search service announces (lib/search/events.ts). */
export function tallySearches(): () => void {
  return onSearch("console-tally", noteSearch);
}

/** Starts the periodic flush (the web server, from lib/server/start.ts). */
export function startActivityLog(getDb: () => Promise<Db>, { everyMs = FLUSH_MS } = {}): void {
  state.getDb = getDb;
  tallySearches();
  if (state.timer) return;
  state.timer = setInterval(() => {
    flushSearchLog().catch((err) => log.warn("activity log flush failed", { error: errorMessage(err) }));
  }, everyMs);
  state.timer.unref();
}

/** Stops the timer and writes what is left (shutdown, before the database closes). */
export async function stopActivityLog(): Promise<void> {
  clearInterval(state.timer);
  state.timer = undefined;
  try {
    await flushSearchLog();
  } catch (err) {
    log.warn("activity log flush at shutdown failed", { error: errorMessage(err), ...pendingActivity() });
  }
}
