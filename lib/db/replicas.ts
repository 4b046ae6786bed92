import "server-only";
// Read replicas (DATABASE_READ_URL, one or more streaming standbys): pools like the primary's request pool (same
// statement timeout, cancelled with their request), taken in turn for the reads that tolerate a little lag
// (lib/db/index.ts getReadDb). Each is asked every second whether it is a standby, still receiving WAL, and how far
// behind it is; one that is not, that does not answer, or that is more than REPLICA_MAX_LAG_MS behind is left out
// until it is back, and its reads go to the primary.
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { log } from "@/lib/log";
import { RequestPool } from "./request-scope";
import * as schema from "./schema";

type Db = NodePgDatabase<typeof schema>;

export const REPLICA_PROBE_MS = 1_000;

export type ReplicaState = { name: string; up: boolean; lagSeconds: number | null };
export type Replicas = {
  /** The next replica in turn that is up, or null (read the primary). */
  pick: () => Db | null;
  states: () => ReplicaState[];
  /** Settles when every replica has been asked once (the first answers decide whether it is up). */
  probed: () => Promise<void>;
  close: () => Promise<void>;
};

// Lag: none while the standby has replayed everything it received (an idle primary sends nothing, and the last
// replayed transaction's age then says nothing); else the age of the last transaction it replayed.
const PROBE = `select pg_is_in_recovery() as standby,
  exists (select 1 from pg_stat_wal_receiver) as receiving,
  case when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
       else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) end::float8 as lag`;

/** host:port/database of a URL: no user or password in logs and metric labels. */
export function replicaName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

type Replica = ReplicaState & { pool: pg.Pool; db: Db; busy: boolean; warned: boolean };

export function openReplicas(urls: string[], opts: { poolSize: number; statementTimeoutMs: number; maxLagMs: number }): Replicas {
  const replicas: Replica[] = urls.map((url) => {
    const pool = new RequestPool({
      connectionString: url,
      max: opts.poolSize,
      connectionTimeoutMillis: 2_000,
      ...(opts.statementTimeoutMs > 0 ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    const name = replicaName(url);
    pool.on("error", (err) => log.warn("replica pool error", { replica: name, error: err.message }));
    return { name, pool, db: drizzle(pool, { schema }), up: false, lagSeconds: null, busy: false, warned: false };
  });

  async function probe(r: Replica): Promise<void> {
    if (r.busy) return;
    r.busy = true;
    try {
      const { rows } = await r.pool.query<{ standby: boolean; receiving: boolean; lag: number }>(PROBE);
      const { standby, receiving, lag } = rows[0];
      r.lagSeconds = standby ? Number(lag) : null;
      const up = standby && receiving && Number(lag) * 1000 <= opts.maxLagMs;
      if (!up && !r.warned) log.warn("replica left out", { replica: r.name, standby, receiving, lagSeconds: r.lagSeconds });
      if (up && !r.up && r.warned) log.info("replica back", { replica: r.name });
      r.warned = !up;
      r.up = up;
    } catch (err) {
      if (!r.warned) log.warn("replica left out", { replica: r.name, error: (err as Error).message });
      r.warned = true;
      r.up = false;
      r.lagSeconds = null;
    } finally {
      r.busy = false;
    }
  }

  let first = Promise.all(replicas.map(probe)).then(() => {});
  const timer = setInterval(() => void Promise.all(replicas.map(probe)), REPLICA_PROBE_MS);
  timer.unref();
  let next = 0;
  return {
    pick() {
      for (let i = 0; i < replicas.length; i++) {
        const r = replicas[next++ % replicas.length];
        if (r.up) return r.db;
      }
      return null;
    },
    states: () => replicas.map(({ name, up, lagSeconds }) => ({ name, up, lagSeconds })),
    probed: () => first,
    close: async () => {
      clearInterval(timer);
      first = Promise.resolve();
      await Promise.all(replicas.map((r) => r.pool.end()));
    },
  };
}
