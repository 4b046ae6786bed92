import "server-only";
// `npm run seed -- --synthetic N` and the benchmark corpora: the synthetic articles 0…N-1 of a seed that the
// database does not have yet, written the fastest way the driver allows.
//
// - PostgreSQL: binary COPY over two connections (copy-synthetic.ts), the search vectors assembled in this
//   process (search-vectors.ts) and written as they are (`shiyue.search_vectors = 'given'`, migration 0028)
//   once a sample of them proved equal to what the database computes; otherwise the trigger computes them.
// - Embedded PGlite: batched inserts (insert-synthetic.ts); through a running server's socket the same,
//   and the indexes are never touched (the server is serving from them).
//
// A large load (by default at least 50,000 rows and at least half as many as the table holds) first drops
// the articles table's secondary indexes and builds them again at the end, in parallel on PostgreSQL and
// with more maintenance memory (the TOAST table is vacuumed meanwhile), then vacuums and analyses the
// table: building an index once is far cheaper than updating it row by row. A smaller load never touches a
// site's indexes. The statement triggers stay on throughout, so site_counters counts every row in the
// transaction that wrote it.
//
// Where the time goes (1M articles, PostgreSQL 15, 2 cores): storing the rows (TOAST compression of the
// content and search text, most of it), then the search vector's GIN index, built on one core after the load;
// see docs/performance.md.
import type pg from "pg";
import type { DbHandle } from "@/lib/db/client";
import { dropIndexes, indexJobs, missingIndexes, runJobs, secondaryIndexes, type IndexDefinition, type Queryable } from "./article-indexes";
import { copySynthetic } from "./copy-synthetic";
import { BinaryCopyWriter } from "./copy-writer";
import { insertSynthetic } from "./insert-synthetic";
import { SyntheticVectors, TO_TSVECTOR_SQL, vectorRowsByText } from "./search-vectors";
import { drawSynthetic, searchBodyOf, SYNTHETIC_URL_PREFIX, syntheticVocabulary } from "./synthetic";

/** When a load rebuilds the indexes: it adds at least `minRows` rows and at least `minShare` × the rows already there. */
export type RebuildThreshold = { minRows: number; minShare: number };
export const REBUILD_INDEXES_AT: RebuildThreshold = { minRows: 50_000, minShare: 0.5 };

export type SeedSyntheticOptions = {
  count: number;
  seed?: number;
  /** The clock publication dates count back from (default now). */
  now?: number;
  /** Rows per COPY statement (default 20,000) or per insert (default 1,000). */
  batchSize?: number;
  /** PostgreSQL connections writing at once (default 2). */
  writers?: number;
  rebuildIndexesAt?: RebuildThreshold;
  /** Stops after the batches being written (the indexes are rebuilt all the same). */
  signal?: AbortSignal;
  /** Rows written so far, of `missing`. */
  onProgress?: (written: number, missing: number) => void;
  /** One line per step, for the command line. */
  onStep?: (message: string) => void;
};

export type SeedSyntheticResult = {
  inserted: number;
  method: "copy" | "insert";
  /** The indexes dropped before the load and built again after it (empty when they were kept). */
  rebuiltIndexes: string[];
};

/** How one driver writes: its sessions (the first answers the catalog queries), its writer, its clean-up. */
type Loader = {
  method: SeedSyntheticResult["method"];
  sessions: Queryable[];
  write: (indices: Uint32Array, onProgress: (done: number) => void) => Promise<number>;
  release: () => Promise<void>;
};

export async function seedSynthetic(handle: DbHandle, opts: SeedSyntheticOptions): Promise<SeedSyntheticResult> {
  const seed = opts.seed ?? 1;
  if (handle.driver === "pglite-socket") {
    const inserted = await insertSynthetic(handle.db, { count: opts.count, seed, now: opts.now, batchSize: opts.batchSize, signal: opts.signal, onProgress: (done) => opts.onProgress?.(done, opts.count) });
    return { inserted, method: "insert", rebuiltIndexes: [] };
  }
  const loader = handle.driver === "pglite" ? await insertLoader(handle, { ...opts, seed }) : await copyLoader(handle.pool, { ...opts, seed });
  try {
    return await load(loader, { ...opts, seed });
  } finally {
    await loader.release();
  }
}

async function copyLoader(pool: pg.Pool, opts: SeedSyntheticOptions & { seed: number }): Promise<Loader> {
  const clients: pg.PoolClient[] = [];
  const release = async () => {
    // The sessions' settings must not go back to the pool: close them.
    for (const c of clients.splice(0)) c.release(true);
  };
  try {
    // The writers, then one connection that answers the vectors' questions while they are busy with COPY.
    for (let i = 0; i <= Math.max(1, opts.writers ?? 2); i++) {
      const client = await pool.connect();
      clients.push(client);
      // A connection of its own for the load, without the request path's limits.
      await client.query(`set statement_timeout = 0; set lock_timeout = 0; set idle_in_transaction_session_timeout = 0;
        set synchronous_commit = off; set work_mem = '256MB'; set maintenance_work_mem = '2GB'`);
    }
  } catch (err) {
    await release();
    throw err;
  }
  const writers = clients.slice(0, -1);
  const lookup = clients.at(-1)!;
  const vectors = new SyntheticVectors(async (texts) => vectorRowsByText(texts.length, (await lookup.query(TO_TSVECTOR_SQL, [texts])).rows));
  return {
    method: "copy",
    sessions: writers,
    write: async (indices, onProgress) => {
      const now = opts.now ?? Date.now();
      await vectors.prepare(syntheticVocabulary());
      const sample = Array.from(indices.subarray(0, VECTOR_SAMPLE), (i) => drawSynthetic(i, opts.seed, now));
      const mismatched = await vectorMismatches(lookup, vectors, sample);
      if (mismatched === 0) {
        for (const w of writers) await w.query("set shiyue.search_vectors = 'given'");
      } else {
        opts.onStep?.(`搜索向量：本地拼出的 ${mismatched}/${sample.length} 篇与数据库算的不同，改由数据库计算（慢得多）`);
      }
      return copySynthetic(writers, { indices, seed: opts.seed, now, batchSize: opts.batchSize ?? 20_000, vectors, signal: opts.signal, onProgress });
    },
    release,
  };
}

async function insertLoader(handle: Extract<DbHandle, { driver: "pglite" }>, opts: SeedSyntheticOptions & { seed: number }): Promise<Loader> {
  const { client, db } = handle;
  await client.query("set maintenance_work_mem = '256MB'");
  return {
    method: "insert",
    sessions: [client],
    write: (indices, onProgress) => insertSynthetic(db, { count: indices.length, indices, seed: opts.seed, now: opts.now, batchSize: opts.batchSize, signal: opts.signal, onProgress }),
    release: async () => void (await client.query("reset maintenance_work_mem")),
  };
}

async function load(loader: Loader, opts: SeedSyntheticOptions & { seed: number }): Promise<SeedSyntheticResult> {
  const [main] = loader.sessions;
  const missing = await missingIndices(main, opts.count, opts.seed);
  if (!missing.length) return { inserted: 0, method: loader.method, rebuiltIndexes: [] };
  const { rows } = await main.query("select count(*)::int as n from articles");
  const existing = (rows[0] as { n: number }).n;
  const threshold = opts.rebuildIndexesAt ?? REBUILD_INDEXES_AT;
  const rebuild = missing.length >= threshold.minRows && missing.length >= threshold.minShare * existing;
  const rule = `至少 ${threshold.minRows} 篇且至少是已有的 ${Math.round(threshold.minShare * 100)}%`;

  let dropped: IndexDefinition[] = [];
  if (rebuild) {
    dropped = await secondaryIndexes(main);
    opts.onStep?.(
      `写入 ${missing.length} 篇，已有 ${existing} 篇，属于大批量写入（${rule}）：先删除文章表的 ${dropped.length} 个二级索引，写完后重建（${dropped.map((i) => i.name).join("、")}）`,
    );
    await dropIndexes(main, dropped);
  } else {
    opts.onStep?.(`写入 ${missing.length} 篇，已有 ${existing} 篇：未达到重建索引的门槛（${rule}），保留索引`);
  }
  // A search vector never compresses by the quarter TOAST asks for (none of 200,000 synthetic articles did), so the
  // attempt each row makes is wasted: a large load stores it as it would end up anyway, uncompressed out of line.
  const vectorStorage = rebuild && loader.method === "copy" ? await storeSearchVectorUncompressed(main) : null;
  let inserted = 0;
  try {
    inserted = await loader.write(missing, (done) => opts.onProgress?.(done, missing.length));
  } finally {
    if (vectorStorage) await main.query(`alter table articles alter column search_vector set storage ${vectorStorage}`);
    if (rebuild) {
      // Also after a failed or stopped load: the table must not stay without its indexes.
      const started = performance.now();
      const absent = await missingIndexes(main, dropped);
      // The TOAST table holds most of the bytes. Vacuuming it does not conflict with building the table's
      // indexes, so a session with no index left to build does it while the longest build runs.
      const toast = await toastTable(main);
      const jobs = [...indexJobs(absent), ...(toast ? [{ name: `vacuum ${toast}`, sql: `vacuum ${toast}` }] : [])];
      opts.onStep?.(`重建 ${absent.length} 个索引${toast ? "，同时 vacuum TOAST 表" : ""}…`);
      await runJobs(loader.sessions, jobs, (job, ms) => opts.onStep?.(`  ${job.name}：${seconds(ms)}`));
      opts.onStep?.(`索引重建完成，用时 ${seconds(performance.now() - started)}`);
    }
  }
  if (rebuild) {
    // Visibility map and statistics for the new rows (index-only scans and plans depend on them).
    const started = performance.now();
    await main.query(`vacuum (analyze${(await serverVersion(main)) >= 140000 ? ", process_toast false" : ""}) articles`);
    opts.onStep?.(`vacuum analyze articles：${seconds(performance.now() - started)}`);
  }
  if (inserted && loader.method === "copy") await checkStoredVectors(main, missing, opts);
  return { inserted, method: loader.method, rebuiltIndexes: dropped.map((i) => i.name) };
}

/** Articles whose vectors are compared with the database's before a load writes its own (the first ones). */
const VECTOR_SAMPLE = 64;
/** Articles of a finished load whose stored vectors are compared with the expressions (spread over the load). */
const STORED_SAMPLE = 1000;

/** The expressions of the trigger articles_search_vectors (migration 0028), over columns or parameters t, b, g. */
const vectorExpressions = (t: string, b: string, g: string) => [
  `setweight(to_tsvector('simple'::regconfig, coalesce(${t}, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(${b}, '')), 'B')`,
  `to_tsvector('simple'::regconfig, coalesce(${t}, ''))`,
  `to_tsvector('simple'::regconfig, coalesce(${g}, ''))`,
];

/** How many of the drawn articles' assembled vectors differ from what the database computes from their search text. */
async function vectorMismatches(session: Queryable, vectors: SyntheticVectors, draws: ReturnType<typeof drawSynthetic>[]): Promise<number> {
  if (!draws.length) return 0;
  const [sv, tv, tg] = vectorExpressions("t", "b", "g");
  const { rows } = await session.query(
    `select tsvectorsend(${sv}) as sv, tsvectorsend(${tv}) as tv, tsvectorsend(${tg}) as tg
       from unnest($1::text[], $2::text[], $3::text[]) with ordinality as x(t, b, g, i) order by i`,
    [draws.map((d) => d.title.searchTitle), draws.map(searchBodyOf), draws.map((d) => d.title.searchGrams)],
  );
  let mismatched = 0;
  draws.forEach((d, i) => {
    const expected = rows[i] as { sv: Buffer; tv: Buffer; tg: Buffer };
    const out = new BinaryCopyWriter();
    vectors.writeSearchVector(out, d);
    const title = vectors.title(d);
    const ours = out.buffer.subarray(4, out.offset);
    if (!ours.equals(expected.sv) || !title.titleVector.equals(expected.tv) || !title.titleGrams.equals(expected.tg)) mismatched++;
  });
  return mismatched;
}

/**
 * After a COPY load: a sample of the rows written, their stored vectors against the trigger's expressions. A
 * difference (which the check before the load should have prevented) has the trigger compute them all again.
 */
async function checkStoredVectors(session: Queryable, written: Uint32Array, opts: SeedSyntheticOptions & { seed: number }): Promise<void> {
  const step = Math.max(1, Math.floor(written.length / STORED_SAMPLE));
  const urls: string[] = [];
  for (let k = 0; k < written.length; k += step) urls.push(`${SYNTHETIC_URL_PREFIX}${opts.seed}/${written[k]}`);
  const [sv, tv, tg] = vectorExpressions("search_title", "search_body", "search_grams");
  const { rows } = await session.query(
    `select count(*)::int as n, count(*) filter (where search_vector is distinct from ${sv}
       or title_vector is distinct from ${tv} or title_grams is distinct from ${tg})::int as bad
       from articles where source_url = any($1::text[])`,
    [urls],
  );
  const { n, bad } = rows[0] as { n: number; bad: number };
  opts.onStep?.(`搜索向量抽查：${n} 篇与数据库的计算${bad ? `有 ${bad} 篇不同` : "完全相同"}`);
  if (bad) {
    await session.query("update articles set search_title = search_title where starts_with(source_url, $1)", [`${SYNTHETIC_URL_PREFIX}${opts.seed}/`]);
    opts.onStep?.("已由数据库重新计算这批合成文章的搜索向量");
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} 秒`;

/** Sets search_vector's storage to EXTERNAL when it is the default, EXTENDED; returns the storage to restore (or null). */
async function storeSearchVectorUncompressed(session: Queryable): Promise<string | null> {
  const { rows } = await session.query("select attstorage from pg_attribute where attrelid = 'articles'::regclass and attname = 'search_vector'");
  if ((rows[0] as { attstorage: string } | undefined)?.attstorage !== "x") return null;
  await session.query("alter table articles alter column search_vector set storage external");
  return "extended";
}

async function toastTable(session: Queryable): Promise<string | null> {
  const { rows } = await session.query("select nullif(reltoastrelid, 0)::regclass::text as toast from pg_class where oid = 'articles'::regclass");
  return (rows[0] as { toast: string | null }).toast;
}

async function serverVersion(session: Queryable): Promise<number> {
  const { rows } = await session.query("select current_setting('server_version_num')::int as v");
  return (rows[0] as { v: number }).v;
}

/** The indices below `count` whose article (by its source URL) is not in the table yet. */
async function missingIndices(client: Queryable, count: number, seed: number): Promise<Uint32Array> {
  const prefix = `${SYNTHETIC_URL_PREFIX}${seed}/`;
  const { rows } = await client.query(
    `select substr(source_url, $2)::int as i from articles
      where starts_with(source_url, $1) and substr(source_url, $2) ~ '^[0-9]{1,9}$'`,
    [prefix, prefix.length + 1],
  );
  const present = new Uint8Array(count);
  let have = 0;
  for (const { i } of rows as { i: number }[]) {
    if (i < count && !present[i]) {
      present[i] = 1;
      have++;
    }
  }
  const missing = new Uint32Array(count - have);
  for (let i = 0, n = 0; i < count; i++) if (!present[i]) missing[n++] = i;
  return missing;
}
