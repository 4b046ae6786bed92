// Issue 44's readers for bench/digest.ts, seeded into a prepared PostgreSQL corpus and removed after the row, so the
// corpus stays as it was prepared: accounts named bench_digest_{kind}_{k}, made by one INSERT … SELECT over
// generate_series, and their interests by one more (4 or 5 a reader, terms of the title index at four frequencies:
// INTEREST_TERMS), as lib/recommendations would have learnt them from likes. Kinds: `warm` (digests that warm the
// caches, not counted), `local` (the local engine in the bench's process, a first digest), `again` and `tenth` (the
// same, for readers with a digest of the day before, made at the instant `previous` gives for their kind: their
// window starts there), `http` (GET /api/v1/digest through the app), `plan` (the EXPLAIN's, with fixed interests) and `worker` (active on
// the digest day, digest_minute 0: due for the worker's round). Removing them removes their digests and interests
// (ON DELETE CASCADE).
//
// While the worker's round runs, the corpus's other accounts that the worker would also find due (the other rows
// sign readers in through the app, which marks them active) are set aside: their digest lease
// (users.digest_claimed_until) is taken until the round ends and put back after (`setAsideOthers`), so the round
// writes for the bench's readers only. The day's model-call counter and the site's digests the row made are put back
// too (`snapshot` / `restore`).
import pg from "pg";

export const DIGEST_PREFIX = "bench_digest_";
/** LIKE pattern of the bench's accounts (the underscores escaped). */
const LIKE_PREFIX = `${DIGEST_PREFIX.replace(/_/g, "\\_")}%`;
/** LIKE pattern of one kind's accounts. */
const likeKind = (kind: ReaderKind) => `${LIKE_PREFIX.slice(0, -1)}${kind}\\_%`;

export const READER_KINDS = ["warm", "local", "again", "tenth", "http", "plan", "worker"] as const;
export type ReaderKind = (typeof READER_KINDS)[number];
export type DigestReaders = Record<ReaderKind, number[]>;

/**
 * Interest terms by how many synthetic titles hold them: lexemes of the title index (jieba's words of the synthetic
 * topic words, lib/db/seed/synthetic.ts, and of the demo titles). `common`: several topic words share them (模型 is
 * in 大模型, 开源模型 and 并发模型; ~4–6% of titles); `typical`: one topic word (~2%); `rare`: only a demo title
 * holds them (one article), and 区块链 none.
 */
export const INTEREST_TERMS = {
  common: ["模型", "数据", "系统", "路线", "用户", "预算", "训练", "策略"],
  typical: ["黑洞", "睡眠", "气候变化", "配速", "民宿", "博物馆", "纪录片", "基金", "量子", "引力波", "前端", "留存", "rust", "typescript", "播客", "古城"],
  rare: ["水熊虫", "苏轼", "洱海", "泉州", "梅酒", "宇航员", "postgresql", "奶茶", "演唱会", "区块链"],
} as const;
/** The EXPLAIN's readers: one interest of each kind of plan (a walk down the hot index, a walk, a bitmap, nothing). */
export const PLAN_INTERESTS = ["模型", "睡眠", "水熊虫", "区块链"];

export type TermCount = { term: string; tier: keyof typeof INTEREST_TERMS; titles: number };

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Deletes the bench's accounts (an earlier run's too), their digests and interests with them. */
export async function removeReaders(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => (await client.query("delete from users where account_name like $1", [LIKE_PREFIX])).rowCount ?? 0);
}

/**
 * Seeds `counts` readers of each kind (after removing any left by an earlier run); `workerDay` is the China-time day
 * of the digests made (the worker readers were last active on it), `previous` when the kinds that have a digest of the
 * day before made it. Returns the ids by kind, in account order.
 */
export async function seedReaders(
  databaseUrl: string,
  counts: Record<ReaderKind, number>,
  workerDay: string,
  previous: Partial<Record<ReaderKind, Date>>,
): Promise<DigestReaders> {
  await removeReaders(databaseUrl);
  return withClient(databaseUrl, async (client) => {
    await client.query("begin");
    try {
      const kinds = READER_KINDS.filter((k) => counts[k] > 0);
      await client.query(
        `insert into users (account_name, display_name, active_on, digest_minute)
         select $1 || g.kind || '_' || k, '精选读者' || k, case when g.kind = 'worker' then $4::date end, case when g.kind = 'worker' then 0 else 450 end
         from unnest($2::text[], $3::int[]) as g(kind, n) cross join lateral generate_series(0, g.n - 1) k`,
        [DIGEST_PREFIX, kinds, kinds.map((k) => counts[k]), workerDay],
      );
      // Interests j = 0…4: a common term, two typical ones, a rare one for a third of the readers (else typical),
      // and a fifth, common, for a quarter; weights falling with j. Drawn from each id's own hash.
      await client.query(
        `insert into user_interests (user_id, term, weight)
         select u.id, t.tier[1 + ((hashint8extended(u.id::bigint * 8 + j, 44) & 2147483647) % cardinality(t.tier))::int], t.weight
         from users u cross join generate_series(0, 4) j
         cross join lateral (
           select case when j in (0, 4) then $2::text[] when j = 3 and u.id % 3 = 0 then $4::text[] else $3::text[] end tier,
                  (array[3, 2, 1.5, 1, 0.5]::float8[])[j + 1] weight
         ) t
         where u.account_name like $1 and u.account_name not like $5 and (j < 4 or u.id % 4 = 0)
         on conflict do nothing`,
        [LIKE_PREFIX, INTEREST_TERMS.common, INTEREST_TERMS.typical, INTEREST_TERMS.rare, likeKind("plan")],
      );
      await client.query(
        `insert into user_interests (user_id, term, weight)
         select u.id, t.term, t.weight from users u cross join unnest($2::text[], $3::float8[]) t(term, weight)
         where u.account_name like $1`,
        [likeKind("plan"), PLAN_INTERESTS, PLAN_INTERESTS.map((_, i) => 3 - i * 0.5)],
      );
      // The digest of the day before, made at `previous[kind]`.
      const earlier = Object.entries(previous) as [ReaderKind, Date][];
      await client.query(
        `insert into digests (user_id, day, written_by, sections, article_ids, since, created_at)
         select u.id, $3::date - 1, 'local', '[]'::jsonb, '{}'::int[], p.at - interval '1 day', p.at
         from unnest($1::text[], $2::timestamptz[]) p(pattern, at) join users u on u.account_name like p.pattern`,
        [earlier.map(([kind]) => likeKind(kind)), earlier.map(([, at]) => at), workerDay],
      );
      await client.query("commit");
    } catch (err) {
      await client.query("rollback").catch(() => {});
      throw err;
    }
    await client.query("analyze users");
    await client.query("analyze user_interests");
    const { rows } = await client.query<{ kind: ReaderKind; id: number }>(
      `select split_part(substring(account_name from ${DIGEST_PREFIX.length + 1}), '_', 1) kind, id from users
       where account_name like $1 order by split_part(substring(account_name from ${DIGEST_PREFIX.length + 1}), '_', 2)::int`,
      [LIKE_PREFIX],
    );
    const out = Object.fromEntries(READER_KINDS.map((k) => [k, [] as number[]])) as DigestReaders;
    for (const r of rows) out[r.kind].push(r.id);
    return out;
  });
}

/** How many titles hold each interest term (the title index's bitmap, exact). */
export async function termCounts(databaseUrl: string): Promise<TermCount[]> {
  return withClient(databaseUrl, async (client) => {
    const out: TermCount[] = [];
    for (const [tier, terms] of Object.entries(INTEREST_TERMS) as [keyof typeof INTEREST_TERMS, readonly string[]][]) {
      for (const term of terms) {
        const { rows } = await client.query<{ n: number }>("select count(*)::int n from articles where title_vector @@ to_tsquery('simple', $1) and hidden_at is null", [`'${term}'`]);
        out.push({ term, tier, titles: rows[0].n });
      }
    }
    return out;
  });
}

/** What the row changes besides its own readers: the model-call counters of its days, the site's digest days. */
export type Snapshot = { counters: { day: string; value: number | null }[]; siteDays: string[] };

export async function snapshot(databaseUrl: string, days: string[]): Promise<Snapshot> {
  return withClient(databaseUrl, async (client) => {
    const counters = [];
    for (const day of [...new Set(days)]) {
      const { rows } = await client.query<{ value: number }>("select value from daily_counters where day = $1 and name = 'digest_model_calls'", [day]);
      counters.push({ day, value: rows[0]?.value ?? null });
    }
    const { rows } = await client.query<{ day: string }>("select day::text from digests where user_id is null");
    return { counters, siteDays: rows.map((r) => r.day) };
  });
}

/** Puts the counters back and deletes the site's digests made since `before`. Returns the site digest days deleted. */
export async function restore(databaseUrl: string, before: Snapshot): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    for (const c of before.counters) {
      if (c.value === null) await client.query("delete from daily_counters where day = $1 and name = 'digest_model_calls'", [c.day]);
      else await client.query("update daily_counters set value = $2 where day = $1 and name = 'digest_model_calls'", [c.day, c.value]);
    }
    const { rows } = await client.query<{ day: string }>("delete from digests where user_id is null and not (day::text = any($1::text[])) returning day::text", [before.siteDays]);
    return rows.map((r) => r.day);
  });
}

/**
 * Takes the digest lease of every other account the worker could find due on or after `since` (switch and
 * personalisation on, active since then) until `until`; returns how to put them back.
 */
export async function setAsideOthers(databaseUrl: string, since: string, now: Date, until: Date): Promise<{ count: number; putBack: () => Promise<void> }> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ id: number; old: Date | null }>(
      `update users u set digest_claimed_until = $4
       from (select id, digest_claimed_until old from users
             where digest_on and personalized and disabled_at is null and active_on >= $2::date and account_name not like $1
               and (digest_claimed_until is null or digest_claimed_until < $3)
             for update) o
       where u.id = o.id returning u.id, o.old`,
      [LIKE_PREFIX, since, now, until],
    ),
  );
  const putBack = async () => {
    if (!rows.length) return;
    await withClient(databaseUrl, (client) =>
      client.query("update users u set digest_claimed_until = r.old from unnest($1::int[], $2::timestamptz[]) r(id, old) where u.id = r.id", [rows.map((r) => r.id), rows.map((r) => r.old)]),
    );
  };
  return { count: rows.length, putBack };
}
