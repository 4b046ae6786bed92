// Gauges read when Prometheus scrapes: the database pools of this process and the summary queue. Registered at
// start-up (lib/server/start.ts, scripts/worker.ts); each is read only at a scrape, so a process nobody scrapes
// never runs the queue's query; a process that has not opened its database (yet) reports neither.
import { sql } from "drizzle-orm";
import { openedDbHandle } from "@/lib/db";
import { dueCount } from "@/lib/digest/worker";
import { scrapedGauge } from "./index";

let registered = false;

/** The process's database handle when it is open; never opens it. */
const opened = () => openedDbHandle()?.catch(() => undefined);
/** The read replicas' states (none on PGlite or without DATABASE_READ_URL). */
const replicaStates = async () => {
  const handle = await opened();
  return handle?.driver === "postgres" ? (handle.replicas?.states() ?? []) : [];
};

export function registerCollectors(): void {
  if (registered) return;
  registered = true;
  scrapedGauge("shiyue_db_pool_connections", "Connections of this process's database pools (web: requests; job: background work), by state", ["pool", "state"], async (set) => {
    const handle = await opened();
    if (!handle || handle.driver === "pglite") return;
    const pools = handle.jobPool === handle.pool ? { web: handle.pool } : { web: handle.pool, job: handle.jobPool };
    for (const [pool, p] of Object.entries(pools)) {
      set({ pool, state: "open" }, p.totalCount);
      set({ pool, state: "in_use" }, p.totalCount - p.idleCount);
      set({ pool, state: "waiting" }, p.waitingCount);
    }
  });
  scrapedGauge("shiyue_db_replica_lag_seconds", "How far each read replica (DATABASE_READ_URL) is behind the primary; absent while it does not answer", ["replica"], async (set) => {
    for (const r of await replicaStates()) if (r.lagSeconds !== null) set({ replica: r.name }, r.lagSeconds);
  });
  scrapedGauge("shiyue_db_replica_up", "1 while a read replica takes reads (a standby, receiving WAL, within REPLICA_MAX_LAG_MS), else 0", ["replica"], async (set) => {
    for (const r of await replicaStates()) set({ replica: r.name }, r.up ? 1 : 0);
  });
  // An index range on summary_tasks_queue_idx (status, created_at): the two live statuses only.
  scrapedGauge("shiyue_summary_queue_tasks", "Summary tasks waiting (pending) and being worked on (processing)", ["status"], async (set) => {
    const handle = await opened();
    if (!handle) return;
    const res = await handle.jobDb.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from summary_tasks where status in ('pending', 'processing') group by status`,
    );
    set({ status: "pending" }, 0);
    set({ status: "processing" }, 0);
    for (const r of res.rows) set({ status: r.status }, r.n);
  });
  // 今日精选's queue: readers due for today's digest and not yet served (users scanned by the few columns it tests).
  scrapedGauge("shiyue_digest_queue_readers", "Readers due for today's digest (active, switch on, past their time) that have none yet", [], async (set) => {
    const handle = await opened();
    if (handle) set({}, await dueCount(handle.jobDb));
  });
}
