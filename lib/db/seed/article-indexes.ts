import "server-only";
// A large load builds the articles table's secondary indexes once at the end instead of updating them row
// by row: their definitions are read from the catalog (pg_get_indexdef, so indexes a later migration adds
// are kept too, with their storage options), dropped, and recreated afterwards over several connections.
// Indexes that back a constraint (the primary key other tables reference) stay.

/** What these steps need of a connection: pg's clients and PGlite both answer it. */
export type Queryable = { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };

export type IndexDefinition = { name: string; definition: string };

/** The secondary indexes of a table, the costly ones to build first: GIN, then by size. */
export async function secondaryIndexes(client: Queryable, table = "articles"): Promise<IndexDefinition[]> {
  const { rows } = await client.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      where i.indrelid = $1::regclass
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by am.amname = 'gin' desc, pg_relation_size(i.indexrelid) desc, 1`,
    [table],
  );
  return rows as IndexDefinition[];
}

export async function dropIndexes(client: Queryable, indexes: IndexDefinition[]): Promise<void> {
  if (!indexes.length) return;
  await client.query(`drop index ${indexes.map((i) => i.name).join(", ")}`);
}

/** A statement to run once the load is written: an index to build, a vacuum. */
export type Job = { name: string; sql: string };

export const indexJobs = (indexes: IndexDefinition[]): Job[] => indexes.map((i) => ({ name: i.name, sql: i.definition }));

/**
 * Runs the jobs over the sessions, each session taking the next job when its last one finished (the first
 * session starts with the first job: put the longest first). Every job is attempted even when one fails;
 * the failures are thrown together at the end.
 */
export async function runJobs(sessions: Queryable[], jobs: Job[], onDone?: (job: Job, ms: number) => void): Promise<void> {
  const queue = [...jobs];
  const errors: string[] = [];
  await Promise.all(
    sessions.map(async (session) => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const started = performance.now();
        try {
          await session.query(job.sql);
          onDone?.(job, performance.now() - started);
        } catch (err) {
          errors.push(`${job.sql}：${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }),
  );
  if (errors.length) throw new Error(`索引重建或清理失败：${errors.join("；")}`);
}

/** Those of the given indexes the table does not have (by definition). */
export async function missingIndexes(client: Queryable, indexes: IndexDefinition[], table = "articles"): Promise<IndexDefinition[]> {
  const have = new Set((await secondaryIndexes(client, table)).map((i) => i.definition));
  return indexes.filter((i) => !have.has(i.definition));
}
