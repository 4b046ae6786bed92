// Issue 43's comment corpus, seeded into a prepared PostgreSQL corpus with set-based SQL (bench/comments.ts measures
// it): `comments` synthetic comments, `heavy` of them on one article (the second demo article), ~30% replies; the
// rest on the hottest synthetic articles, each given as many comments as the synthetic seed's invented comment_cnt
// says (so their counts are already true); `users` phone-proven readers (bench_commenter_{k}; k = 0 is the heavy
// reader of 消息), likes on comments, `readerNotifications` notifications for the heavy reader and
// `spreadNotifications` spread over the others.
//
// How: one transaction. A plan of every comment is built in temporary tables (article, position, root, author,
// time, status, likes; ids in time order, as the identity would give them), then inserted in batches with
// session_replication_role = replica (no per-row counter triggers and foreign-key checks: the plan is consistent by
// construction) after dropping the three tables' secondary indexes, which are built again from their own
// definitions (pg_indexes) before the commit. reply_count and like_cnt are written from the plan; then, with the
// triggers back, one UPDATE each sets articles.comment_cnt, comments.reply_count and comments.like_cnt from the rows
// wherever they differ (rows fixed are reported: 0 expected but for the heavy article and the last spread one).
// VACUUM ANALYZE after.
//
// Idempotent: when the corpus already holds `comments` comments of bench_commenter readers and the heavy article
// `heavy`, nothing is written. A smaller set (the quick size's) is deleted first, in the same transaction.
//
// Articles without seeded comments keep the invented comment_cnt the synthetic seed gave them: making them 0 would
// rewrite most of the million article rows (every stored tsvector and GIN entry) and change the corpus the other
// rows measure.
import pg from "pg";

export type CommentsSize = {
  comments: number;
  heavy: number;
  users: number;
  readerNotifications: number;
  spreadNotifications: number;
};

/** The benchmark row of issue 43: 5,000,000 comments on the 1M corpus, one article holding 100,000. */
export const FULL_COMMENTS: CommentsSize = { comments: 5_000_000, heavy: 100_000, users: 3000, readerNotifications: 50_000, spreadNotifications: 500_000 };
/** The smoke size, on a smaller corpus (the quick run's 10k). */
export const QUICK_COMMENTS: CommentsSize = { comments: 20_000, heavy: 4_000, users: 200, readerNotifications: 2_000, spreadNotifications: 5_000 };
/** The 1M corpus comes with the benchmark row's comments, whatever the run; smaller corpora with the smoke size. */
export const commentsSizeFor = (articles: number) => (articles >= 1_000_000 ? FULL_COMMENTS : QUICK_COMMENTS);

export type CommentsCorpus = {
  heavyId: number;
  /** bench_commenter_{k} ids, k = index; [0] is the heavy reader. */
  userIds: number[];
  comments: number;
  heavyComments: number;
  readerNotifications: number;
  /** Seconds spent seeding in this run (null when it was there). */
  seedSeconds: number | null;
  /** Rows the consistency UPDATEs changed (seeded in this run only). */
  fixed?: { articles: number; replyCounts: number; likeCounts: number };
  steps?: { step: string; seconds: number }[];
};

const PREFIX = "bench_commenter_";
/** Replies among a thread's comments. */
const REPLY_SHARE = 0.3;
const SPREAD_DAYS = 90;
const HEAVY_DAYS = 30;
const BATCH = 500_000;

/** A uniform number in [0, 1) from a bigint expression and a salt: PostgreSQL's own 64-bit hash. */
const h = (x: string, salt: number) => `((hashint8extended((${x})::bigint, ${salt}) & 4294967295)::float8 / 4294967296.0)`;

const PHRASES = [
  "写得很清楚，收藏了。",
  "这个角度以前没想过，受教了。",
  "第三段的数据来源能补充一下吗？",
  "同意作者的看法，但执行起来没那么简单。",
  "我们团队去年也踩过同样的坑。",
  "有没有更详细的案例分析？",
  "标题党了，内容其实很一般。",
  "讲得透彻，期待下一篇。",
  "实际项目里这样做成本太高。",
  "补充一点：小公司和大公司的情况差别很大。",
  "看完之后又去翻了原文，确实如此。",
  "这个结论有点绝对了，样本太少。",
];
const TAILS = ["", "谢谢分享！", "赞一个。", "想听听大家的意见。", "转给同事看看。", "mark 一下，回头细读。", "个人观点，欢迎讨论。", ""];
const REGIONS = ["北京", "上海", "广东", "浙江", "江苏", "四川", "湖北", "山东", "福建", "陕西", "湖南", "河南", "重庆", "天津", "海外"];
const sqlArray = (xs: string[]) => `array[${xs.map((s) => `'${s.replace(/'/g, "''")}'`).join(",")}]::text[]`;
const pickFrom = (xs: string[], x: string, salt: number) => `(${sqlArray(xs)})[1 + floor(${h(x, salt)} * ${xs.length})::int]`;

const one = async <T extends pg.QueryResultRow>(client: pg.Client, text: string, values?: unknown[]) => (await client.query<T>(text, values)).rows[0];

/** The heavy article: the second demo article by id (the first is the one every other row's permalink measures). */
async function heavyArticle(client: pg.Client): Promise<number> {
  const row = await one<{ id: number }>(client, "select id from articles where origin = 'demo' order by id offset 1 limit 1");
  if (!row) throw new Error("no second demo article: prepare the corpus first (npm run bench -- --prepare)");
  return row.id;
}

async function benchUsers(client: pg.Client, n: number): Promise<number[]> {
  const { rows } = await client.query<{ k: number; id: number }>(
    `select substring(account_name from ${PREFIX.length + 1})::int k, id from users where account_name ~ '^${PREFIX}[0-9]+$' and substring(account_name from ${PREFIX.length + 1})::int < $1 order by 1`,
    [n],
  );
  return rows.map((r) => r.id);
}

async function counts(client: pg.Client, heavyId: number) {
  const row = await one<{ all: string; heavy: string; notes: string }>(
    client,
    `select (select count(*) from comments c join users u on u.id = c.user_id where u.account_name like '${PREFIX}%') "all",
            (select count(*) from comments where article_id = $1) heavy,
            (select count(*) from notifications n join users u on u.id = n.user_id where u.account_name = '${PREFIX}0') notes`,
    [heavyId],
  );
  return { comments: Number(row.all), heavy: Number(row.heavy), notes: Number(row.notes) };
}

/** Seeds (or finds) the comment corpus of `size` in the PostgreSQL database at `databaseUrl`. */
export async function seedComments(databaseUrl: string, size: CommentsSize, log: (message: string) => void = (m) => console.log(`bench: ${m}`)): Promise<CommentsCorpus> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const heavyId = await heavyArticle(client);
    const have = await counts(client, heavyId);
    const users = await benchUsers(client, size.users);
    if (have.comments >= size.comments && have.heavy >= size.heavy && have.notes >= size.readerNotifications && users.length === size.users) {
      return { heavyId, userIds: users, comments: have.comments, heavyComments: have.heavy, readerNotifications: have.notes, seedSeconds: null };
    }
    const started = performance.now();
    const steps: { step: string; seconds: number }[] = [];
    let mark = performance.now();
    const step = async (name: string, text: string, values?: unknown[]) => {
      const res = await client.query(text, values);
      const seconds = (performance.now() - mark) / 1000;
      mark = performance.now();
      steps.push({ step: name, seconds: Math.round(seconds * 10) / 10 });
      log(`comments: ${name}: ${seconds.toFixed(1)} s${res.rowCount !== null && res.command !== "CREATE" ? ` (${res.rowCount.toLocaleString("en")} rows)` : ""}`);
      return res;
    };
    await client.query("set maintenance_work_mem = '512MB'");
    await client.query("set work_mem = '256MB'");
    await client.query("set temp_buffers = '256MB'");

    log(`comments: seeding ${size.comments.toLocaleString("en")} comments (${size.heavy.toLocaleString("en")} on article ${heavyId}), ${size.users} readers…`);
    await client.query("begin");
    const wiped = have.comments > 0;
    if (wiped) {
      // A smaller seed (the quick run's on this corpus) goes first, with the triggers off (see deletePosted): its
      // likes and notifications by hand, and the articles it was on counted again below.
      log(`comments: deleting ${have.comments.toLocaleString("en")} earlier bench comments first…`);
      await client.query("set local session_replication_role = replica");
      const bench = `select id from users where account_name like '${PREFIX}%'`;
      await client.query(`create temp table gone on commit drop as select id, article_id from comments where user_id in (${bench})`);
      await step("earlier bench notifications deleted", `delete from notifications where user_id in (${bench}) or comment_id in (select id from gone)`);
      await step("earlier bench likes deleted", `delete from comment_likes where user_id in (${bench}) or comment_id in (select id from gone)`);
      await step("earlier bench comments deleted", "delete from comments where id in (select id from gone)");
      await client.query("set local session_replication_role = origin");
    }
    // Readers with a proven phone (the post path's requireCommenter), created 200 days ago.
    await step(
      "readers",
      `insert into users (account_name, phone_number, phone_verified_at, display_name, created_at, updated_at)
       select '${PREFIX}' || k, '199' || lpad(k::text, 8, '0'), now() - interval '200 days', '读者' || k, now() - interval '200 days', now() - interval '200 days'
       from generate_series(0, $1::int - 1) k
       on conflict do nothing`,
      [size.users],
    );
    await client.query(
      `create temp table bu on commit drop as
       select substring(account_name from ${PREFIX.length + 1})::int k, id from users
       where account_name ~ '^${PREFIX}[0-9]+$' and substring(account_name from ${PREFIX.length + 1})::int < $1`,
      [size.users],
    );
    await client.query("create unique index on bu (k)");
    const U = size.users;

    // Which article gets how many: the heavy one, then the hottest visible synthetic articles, each its invented count.
    const spread = size.comments - size.heavy;
    await step(
      "allotment",
      `create temp table alloc on commit drop as
       with spread as (
         select id, comment_cnt n, sum(comment_cnt) over (order by hot_score desc nulls last, id desc) cum
         from articles where origin = 'synthetic' and comment_cnt > 0 and hidden_at is null and id <> $1
       )
       select $1::int article_id, $2::int n, ${HEAVY_DAYS} days
       union all
       select id, least(n, $3::bigint - (cum - n))::int, ${SPREAD_DAYS} from spread where cum - n < $3::bigint`,
      [heavyId, size.heavy, spread],
    );
    const allotted = await one<{ n: string; articles: string }>(client, "select sum(n) n, count(*) articles from alloc");
    if (Number(allotted.n) < size.comments) throw new Error(`the corpus's synthetic articles hold only ${allotted.n} invented comments, fewer than ${size.comments}`);
    log(`comments: ${Number(allotted.articles).toLocaleString("en")} articles get comments`);

    // Every comment's place: g = article × 10⁶ + k (its position in the article's thread); the first r positions
    // are roots spread over the article's window, the rest replies to root ρ (skewed to early roots: root 0 of the
    // heavy thread gets ~700 of its 30,000 replies), soon after that root. One hash per property.
    const g = "(a.article_id::bigint * 1000000 + s.k)";
    const r = `(a.n - floor(a.n * ${REPLY_SHARE})::int)`;
    const rootAt = (i: string, gi: string) => `(now() - make_interval(days => a.days) + make_interval(secs => a.days * 86400 * 0.95 * ((${i}) + ${h(gi, 1)}) / ${r}))`;
    await step(
      "plan",
      `create temp table plan0 on commit drop as
       select a.article_id, s.k, a.article_id = $1 heavy, s.k < ${r} is_root,
         case when s.k >= ${r} then floor(${r} * power(${h(g, 2)}, 3))::int end rho,
         floor(${h(g, 4)} * ${U})::int user_k,
         case when s.k < ${r} then ${rootAt("s.k", g)}
              else ${rootAt(`floor(${r} * power(${h(g, 2)}, 3))`, `(a.article_id::bigint * 1000000 + floor(${r} * power(${h(g, 2)}, 3))::bigint)`)}
                + (now() - ${rootAt(`floor(${r} * power(${h(g, 2)}, 3))`, `(a.article_id::bigint * 1000000 + floor(${r} * power(${h(g, 2)}, 3))::bigint)`)}) * power(${h(g, 3)}, 4) + interval '1 second'
         end created_at,
         ${h(g, 5)} st, ${h(g, 6)} lk, ${g} g
       from alloc a cross join lateral generate_series(0, a.n - 1) s(k)`,
      [heavyId],
    );
    const base = Number((await one<{ m: string }>(client, "select coalesce(max(id), 0) m from comments")).m);
    // Ids in time order, as the identity gives them to comments posted over time.
    await step("ids in time order", `create temp table plan1 on commit drop as select row_number() over (order by created_at, g) + ${base} id, * from plan0`);
    await client.query("drop table plan0");
    await client.query("create index on plan1 (article_id, k)");
    await step(
      "roots of replies",
      `create temp table plan2 on commit drop as
       select p.*, q.id root_id, q.user_k root_user_k,
         case when p.heavy and p.is_root and p.st < 0.01 then 'pending'
              when p.heavy and p.is_root and p.st < 0.015 then 'removed'
              when p.heavy and not p.is_root and p.st < 0.01 then 'pending'
              else 'visible' end status
       from plan1 p left join plan1 q on not p.is_root and q.article_id = p.article_id and q.k = p.rho`,
    );
    await client.query("drop table plan1");
    await client.query("create temp table replies on commit drop as select root_id id, count(*) filter (where status = 'visible')::int n from plan2 where root_id is not null group by root_id");
    await client.query("create unique index on replies (id)");
    // A few heavy roots with visible replies were deleted by their authors: 该评论已删除 above the replies.
    await step("deleted roots", "update plan2 p set status = 'deleted' from replies r where r.id = p.id and r.n > 0 and p.heavy and p.status = 'visible' and p.st >= 0.015 and p.st < 0.02");
    await client.query("create unique index on plan2 (id)");

    // Per-row triggers (counters) and foreign-key checks off for this transaction's inserts; secondary indexes
    // dropped and built again at the end.
    await client.query("set local session_replication_role = replica");
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select indexname name, indexdef def from pg_indexes
       where schemaname = 'public' and tablename in ('comments', 'comment_likes', 'notifications')
         and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
    );
    for (const ix of indexes) await client.query(`drop index "${ix.name}"`);
    log(`comments: ${indexes.length} secondary indexes dropped for the load (built again below)`);

    const content = `case when p.status = 'deleted' then '' else ${pickFrom(PHRASES, "p.g", 7)} || ${pickFrom(TAILS, "p.g", 8)} end`;
    const likes = `case when p.status <> 'visible' then 0 when p.heavy then floor(40 * power(p.lk, 6))::int else floor(5 * power(p.lk, 8))::int end`;
    const max = base + size.comments;
    for (let lo = base + 1; lo <= max; lo += BATCH) {
      const hi = Math.min(lo + BATCH - 1, max);
      await step(
        `comments ${(lo - base).toLocaleString("en")}–${(hi - base).toLocaleString("en")}`,
        `insert into comments (id, user_id, article_id, root_id, reply_to_id, reply_to_user_id, content, status, held_reason, like_cnt, reply_count,
           ip_region, request_ip, removed_at, removed_reason, created_at)
         select p.id, u.id, p.article_id, p.root_id, p.root_id, ru.id, ${content}, p.status,
           case p.status when 'pending' then 'first' end, ${likes}, coalesce(r.n, 0),
           ${pickFrom(REGIONS, "p.user_k", 9)}, '198.18.' || (p.user_k / 256) || '.' || (p.user_k % 256),
           case p.status when 'removed' then p.created_at + interval '1 day' end, case p.status when 'removed' then '违反社区规范' end,
           p.created_at
         from plan2 p join bu u on u.k = p.user_k left join bu ru on ru.k = p.root_user_k left join replies r on r.id = p.id
         where p.id between $1 and $2 order by p.id`,
        [lo, hi],
      );
    }
    await client.query("select setval(pg_get_serial_sequence('comments', 'id'), (select max(id) from comments))");
    // Likes: comment i's j-th like is reader (author + 2729 j) mod U (2729 is prime: distinct readers, never the author).
    await step(
      "comment likes",
      `insert into comment_likes (comment_id, user_id, created_at)
       select p.id, u.id, p.created_at + (now() - p.created_at) * ${h("p.g * 64 + j", 10)}
       from plan2 p cross join lateral generate_series(1, ${likes}) j join bu u on u.k = (p.user_k + j * 2729) % ${U}`,
    );
    // 消息: the heavy reader's (newest 2% unread), then a spread over the others (5% unread). Distinct comments per
    // reader (7919 n mod C is one-to-one), so an unread like row is one per comment as the unique index wants.
    const C = size.comments;
    const notes = (who: string, n: number, actor: string, unread: string, days: number) =>
      `insert into notifications (user_id, kind, comment_id, article_id, actor_id, count, created_at, updated_at, read_at)
       select r.id, case when n % 50 = 0 then 'removed' when n % 3 = 0 then 'like' else 'reply' end, p.id, p.article_id, ac.id,
         case when n % 3 = 0 and n % 50 <> 0 then 1 + n % 5 else 1 end, t, t, case when ${unread} then null else t + interval '2 hours' end
       from generate_series(1, ${n}) n
       cross join lateral (select now() - make_interval(secs => n * ${(days * 86400) / n}) t) tt
       join plan2 p on p.id = ${base} + 1 + (n::bigint * 7919 + ${who === "reader" ? 0 : 104729}) % ${C}
       join bu r on r.k = ${who === "reader" ? "0" : `1 + n % ${U - 1}`}
       join bu ac on ac.k = ${actor}`;
    await step("heavy reader's notifications", notes("reader", size.readerNotifications, `1 + n % ${U - 1}`, `n <= ${Math.ceil(size.readerNotifications / 50)}`, 30));
    await step("spread notifications", notes("spread", size.spreadNotifications, `1 + (n * 7) % ${U - 1}`, "n % 20 = 0", 60));

    for (const ix of indexes) await step(`index ${ix.name}`, ix.def);
    await client.query("set local session_replication_role = origin");
    // The counters from the rows, one UPDATE each, wherever they differ.
    const fixedArticles = await step(
      "articles.comment_cnt",
      `update articles a set comment_cnt = x.n from (
         select article_id, count(*) filter (where status = 'visible')::int n from comments group by article_id
       ) x where a.id = x.article_id and a.comment_cnt <> x.n`,
    );
    // Articles the earlier seed was on and this one is not: no comments left.
    if (wiped) await step("articles left without comments", "update articles a set comment_cnt = 0 where a.id in (select article_id from gone) and a.comment_cnt <> 0 and not exists (select 1 from comments c where c.article_id = a.id)");
    const fixedReplies = await step(
      "comments.reply_count",
      `update comments c set reply_count = x.n from (
         select root_id, count(*) filter (where status = 'visible')::int n from comments where root_id is not null group by root_id
       ) x where c.id = x.root_id and c.reply_count <> x.n`,
    );
    const fixedLikes = await step(
      "comments.like_cnt",
      `update comments c set like_cnt = x.n from (select comment_id, count(*)::int n from comment_likes group by comment_id) x
       where c.id = x.comment_id and c.like_cnt <> x.n`,
    );
    await client.query("commit");
    for (const t of ["comments", "comment_likes", "notifications", "users"]) await step(`vacuum analyze ${t}`, `vacuum analyze ${t}`);
    await step("analyze articles", "analyze articles");
    const seedSeconds = (performance.now() - started) / 1000;
    const now = await counts(client, heavyId);
    log(`comments: seeded ${now.comments.toLocaleString("en")} comments in ${seedSeconds.toFixed(1)} s`);
    return {
      heavyId,
      userIds: await benchUsers(client, size.users),
      comments: now.comments,
      heavyComments: now.heavy,
      readerNotifications: now.notes,
      seedSeconds,
      fixed: { articles: fixedArticles.rowCount ?? 0, replyCounts: fixedReplies.rowCount ?? 0, likeCounts: fixedLikes.rowCount ?? 0 },
      steps,
    };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * Deletes comments the bench posted and puts the counters back as the triggers would. Not through the triggers:
 * each deleted comment's foreign key from comments.reply_to_id (ON DELETE SET NULL, no index on that column) scans
 * the whole comments table, seconds per comment at 5,000,000 — so with the triggers off, its notifications deleted
 * by hand (nothing else refers to a bench post: replies go to seeded comments), then the article's comment_cnt and
 * the roots' reply_count counted again.
 */
export async function deletePosted(databaseUrl: string, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    const { rows } = await client.query<{ articles: number[]; roots: number[] }>(
      "select array_agg(distinct article_id) articles, array_remove(array_agg(distinct root_id), null) roots from comments where id = any($1::int[])",
      [ids],
    );
    await client.query("delete from notifications where comment_id = any($1::int[])", [ids]);
    await client.query("delete from comment_likes where comment_id = any($1::int[])", [ids]);
    await client.query("delete from comments where id = any($1::int[])", [ids]);
    await client.query("set local session_replication_role = origin");
    await client.query(
      "update articles a set comment_cnt = (select count(*) from comments c where c.article_id = a.id and c.status = 'visible') where a.id = any($1::int[])",
      [rows[0].articles ?? []],
    );
    await client.query(
      "update comments r set reply_count = (select count(*) from comments c where c.root_id = r.id and c.status = 'visible') where r.id = any($1::int[])",
      [rows[0].roots ?? []],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
