import "server-only";
// The background worker's proof of life for a container health check (compose.yaml, service `worker`): every
// HEARTBEAT_EVERY_MS the process asks its database `select 1` and, once it answers, writes the time to
// WORKER_HEARTBEAT_FILE. The health check passes while the file is younger than a minute, so a worker whose
// event loop is stuck, or whose database stopped answering, turns unhealthy; stopping removes the file.
import { rm, writeFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";

export const HEARTBEAT_EVERY_MS = 15_000;

type Heartbeat = { file: string; timer?: NodeJS.Timeout; running?: Promise<void> };
const g = globalThis as typeof globalThis & { __shiyueHeartbeat?: Heartbeat };

/** One beat: the database answers, then the file gets the time. Throws when either fails. */
export async function beat({ db, file, now = new Date() }: { db: Db; file: string; now?: Date }): Promise<void> {
  await db.execute(sql`select 1`);
  await writeFile(file, `${now.toISOString()}\n`);
}

/** Beats now, then HEARTBEAT_EVERY_MS after each beat ends; logs when beats start failing and when they recover. */
export function startHeartbeat(getDb: () => Promise<Db>, file: string, everyMs = HEARTBEAT_EVERY_MS): void {
  if (g.__shiyueHeartbeat) return;
  const state: Heartbeat = { file };
  g.__shiyueHeartbeat = state;
  let failing = false;
  const tick = async () => {
    try {
      await beat({ db: await getDb(), file });
      if (failing) log.info("worker heartbeat restored", { file });
      failing = false;
    } catch (err) {
      if (!failing) log.error("worker heartbeat failed", { file, error: errorMessage(err) });
      failing = true;
    }
    if (g.__shiyueHeartbeat === state) state.timer = setTimeout(() => (state.running = tick()), everyMs).unref();
  };
  state.running = tick();
}

/** Stops beating and removes the file (after the beat under way, if it ends within 5 s), so the health check fails. */
export async function stopHeartbeat(): Promise<void> {
  const state = g.__shiyueHeartbeat;
  g.__shiyueHeartbeat = undefined;
  if (!state) return;
  clearTimeout(state.timer);
  await Promise.race([state.running, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  await rm(state.file, { force: true });
}
