import "server-only";
// What waits to be announced, and each service's state, kept in the database so that it survives a restart and
// every process sees the same: rows of app_settings (the key-value table every instance shares; no new table).
//   announce.<service>.queue  article ids, comma-separated, appended by whoever stores or publishes an article
//   announce.<service>.state  JSON: consecutive failures, the pause they impose, Baidu's quota left today, the
//                             last sends (the console shows them)
// The one process that sends takes the whole queue in one statement (DELETE … RETURNING), so two processes never
// send the same ids; what it does not send this time it appends again.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { appSettings } from "@/lib/db/schema";
import type { ServiceKey } from "./services";

/** Sends the console shows per service. */
export const RECENT_SENDS = 3;

export type SendRecord = {
  at: string;
  /** URLs in the request. */
  urls: number;
  ok: boolean;
  /** The answer's HTTP status; null when none came. */
  status: number | null;
  /** What happened, in Chinese. */
  result: string;
};

export type ServiceState = {
  failures: number;
  /** No send before this instant (backoff after a failure). */
  pauseUntil: string | null;
  /** Baidu's `remain` of the last answer and the China day it was given on. */
  quota: { day: string; remain: number } | null;
  /** Newest first. */
  sends: SendRecord[];
};

const EMPTY: ServiceState = { failures: 0, pauseUntil: null, quota: null, sends: [] };

export const queueKey = (service: ServiceKey) => `announce.${service}.queue`;
export const stateKey = (service: ServiceKey) => `announce.${service}.state`;

export function parseIds(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

export function parseState(value: string | null | undefined): ServiceState {
  if (!value) return { ...EMPTY };
  try {
    return { ...EMPTY, ...(JSON.parse(value) as Partial<ServiceState>) };
  } catch {
    return { ...EMPTY };
  }
}

/** Appends `ids` to each service's queue. */
export async function appendIds(db: Db, services: ServiceKey[], ids: number[]): Promise<void> {
  if (!services.length || !ids.length) return;
  const list = ids.join(",");
  await db
    .insert(appSettings)
    .values(services.map((s) => ({ key: queueKey(s), value: list })))
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`${appSettings.value} || ',' || excluded.value` } });
}

/** Takes the whole queue (it is empty afterwards), oldest first, each id once (its latest place). */
export async function takeIds(db: Db, service: ServiceKey): Promise<number[]> {
  const [row] = await db.delete(appSettings).where(eq(appSettings.key, queueKey(service))).returning({ value: appSettings.value });
  const ids = parseIds(row?.value);
  const seen = new Set<number>();
  const once: number[] = [];
  for (let i = ids.length - 1; i >= 0; i--) {
    if (seen.has(ids[i])) continue;
    seen.add(ids[i]);
    once.push(ids[i]);
  }
  return once.reverse();
}

export async function readState(db: Db, service: ServiceKey): Promise<ServiceState> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, stateKey(service)));
  return parseState(row?.value);
}

/** Changes a service's state under a row lock (two processes recording at once both keep their send). */
export async function changeState(db: Db, service: ServiceKey, change: (state: ServiceState) => ServiceState): Promise<ServiceState> {
  const key = stateKey(service);
  return db.transaction(async (tx) => {
    await tx.insert(appSettings).values({ key, value: JSON.stringify(EMPTY) }).onConflictDoNothing({ target: appSettings.key });
    const [row] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).for("update");
    const next = change(parseState(row?.value));
    next.sends = next.sends.slice(0, RECENT_SENDS);
    await tx.update(appSettings).set({ value: JSON.stringify(next) }).where(eq(appSettings.key, key));
    return next;
  });
}

/** Each service's state and how many ids wait in its queue. */
export async function readAll(db: Db, services: ServiceKey[]): Promise<Map<ServiceKey, { state: ServiceState; waiting: number }>> {
  const keys = services.flatMap((s) => [queueKey(s), stateKey(s)]);
  const rows = keys.length ? await db.select().from(appSettings).where(inArray(appSettings.key, keys)) : [];
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return new Map(services.map((s) => [s, { state: parseState(value(stateKey(s))), waiting: new Set(parseIds(value(queueKey(s)))).size }]));
}
