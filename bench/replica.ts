// npm run bench:replica — read replicas (issue 32, docs/performance.md "Read replicas"): readers (an account of
// their own, permalinks opened signed in) and a writer (bench/live-load.ts) against the app without and then with DATABASE_READ_URL, a real streaming standby of
// the corpus' server on 127.0.0.1:5433 (made and started by scripts/local-replica.sh: root, Debian's
// postgresql-common). Each phase reports what the primary and the replica did for the corpus' database
// (pg_stat_database: statements' transactions and rows read), the app's own count of lag-tolerant reads by target
// (/metrics), and whether a like shows to its author on the very next read.
//
//   BENCH_ARTICLES   the corpus (default 1,000,000; prepare it with `npm run bench -- --prepare`)
//   BENCH_READERS    concurrent readers (default 4)
//   BENCH_SECONDS    seconds of load per phase (default 20)
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { signToken } from "@/lib/auth/token";
import { total } from "@/test/metrics-text";
import { startApp } from "./app-server";
import { label, postgresAt, ready } from "./databases";
import { idle, ms, startLiveLoad, type Phase } from "./live-load";

process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123456789";
const size = Number(process.env.BENCH_ARTICLES ?? 1_000_000);
const readers = Number(process.env.BENCH_READERS ?? 4);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const METRICS_TOKEN = "bench-metrics-token-0123456789abcdef";

const corpus = await ready(postgresAt(size), size);
const primaryUrl = postgresAt(size).databaseUrl;
const replicaBase = execFileSync("bash", [join(import.meta.dirname, "..", "scripts", "local-replica.sh")], { encoding: "utf8" }).trim();
const replicaUrl = `${replicaBase}${new URL(primaryUrl).pathname}`;
const database = new URL(primaryUrl).pathname.slice(1);

type Activity = { transactions: number; rowsRead: number };
async function activity(url: string): Promise<Activity> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // Counters are flushed by each backend when its transaction ends: clear this backend's snapshot first.
    await c.query("select pg_stat_clear_snapshot()");
    const { rows } = await c.query<{ x: string; r: string }>(
      "select xact_commit + xact_rollback as x, tup_returned + tup_fetched as r from pg_stat_database where datname = $1",
      [database],
    );
    return { transactions: Number(rows[0].x), rowsRead: Number(rows[0].r) };
  } finally {
    await c.end();
  }
}
const minus = (a: Activity, b: Activity): Activity => ({ transactions: a.transactions - b.transactions, rowsRead: a.rowsRead - b.rowsRead });

// The readers are an account of their own: the writer's likes pin the writer to the primary (as they should).
const { maxId, readerId } = await (async () => {
  const c = new pg.Client({ connectionString: primaryUrl });
  await c.connect();
  const { rows } = await c.query<{ m: number }>("select max(id)::int as m from articles");
  await c.query("insert into users (account_name) values ('bench_replica_reader') on conflict do nothing");
  const reader = await c.query<{ id: number }>("select id from users where account_name = 'bench_replica_reader'");
  await c.end();
  return { maxId: rows[0].m, readerId: reader.rows[0].id };
})();
const readerToken = await signToken(readerId);

type Row = { name: string; phase: Phase; primary: Activity; replica: Activity; routed: { replica: number; primary: number }; likeShows: boolean | null; lagSeconds: number | null };

async function metrics(base: string): Promise<string> {
  return (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
}
const routedTo = (text: string) => ({
  replica: total(text, "shiyue_db_reads_total", { target: "replica" }),
  primary: total(text, "shiyue_db_reads_total", { target: "primary" }),
});

async function run(name: string, withReplica: boolean): Promise<Row> {
  const app = await startApp({ databaseUrl: primaryUrl }, {
    port: 3591,
    env: { OPENAI_API_KEY: "", AI_EMBEDDING_MODEL: "", METRICS_TOKEN, DATABASE_READ_URL: withReplica ? replicaUrl : "" },
  });
  try {
    console.log(`bench: ${name}: ${readers} readers and a writer on ${label(size)} for ${seconds} s…`);
    const load = startLiveLoad(app.base, corpus, { readers, maxId, readerToken, signedInPages: true });
    await idle(2_000);
    const before = { primary: await activity(primaryUrl), replica: await activity(replicaUrl) };
    const routedBefore = routedTo(await metrics(app.base));
    const t = performance.now();
    await idle(seconds * 1000);
    const to = performance.now();
    const after = { primary: await activity(primaryUrl), replica: await activity(replicaUrl) };
    const routedAfter = routedTo(await metrics(app.base));
    const routed = { replica: routedAfter.replica - routedBefore.replica, primary: routedAfter.primary - routedBefore.primary };
    await load.stop();
    // A like by the writer, then the writer's next read of a feed page holding the article (a lag-tolerant read).
    const auth = { authorization: `Bearer ${corpus.token}` };
    type Item = { id: number; is_liked?: boolean };
    const feedPage = async () => ((await (await fetch(`${app.base}/api/v1/articles?page=2&limit=50`, { headers: auth })).json()) as { data: { items: Item[] } }).data.items;
    const [target] = await feedPage();
    await fetch(`${app.base}/api/v1/likes/${target.id}`, { method: "POST", headers: auth });
    const item = (await feedPage()).find((a) => a.id === target.id);
    const likeShows = item ? item.is_liked === !target.is_liked : null;
    const lagSeconds = withReplica ? total(await metrics(app.base), "shiyue_db_replica_lag_seconds") : null;
    return { name, phase: load.phase(name, t, to), primary: minus(after.primary, before.primary), replica: minus(after.replica, before.replica), routed, likeShows, lagSeconds };
  } finally {
    await app.stop();
  }
}

const rows = [await run("primary only", false), await run("with a streaming replica", true)];
const n = (x: number) => Math.round(x).toLocaleString("en-US");
const lines = [
  `Read replicas, ${label(size)} articles, ${readers} readers + 1 writer, ${seconds} s per phase — ${new Date().toISOString()}`,
  "",
  "| phase | reads | read p50 / p95 / max ms | primary: transactions / rows read | replica: transactions / rows read | lag-tolerant reads → replica / primary | like shows to its author |",
  "|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.phase.reads.requests} (${r.phase.reads.errors} errors) | ${ms(r.phase.reads.p50)} / ${ms(r.phase.reads.p95)} / ${ms(r.phase.reads.max)} | ${n(r.primary.transactions)} / ${n(r.primary.rowsRead)} | ${n(r.replica.transactions)} / ${n(r.replica.rowsRead)} | ${n(r.routed.replica)} / ${n(r.routed.primary)} | ${r.likeShows === null ? "(left the page)" : r.likeShows ? "yes" : "NO"} |`,
  ),
  "",
  `Replica lag at the end: ${rows[1].lagSeconds === null ? "–" : `${rows[1].lagSeconds.toFixed(3)} s`}.`,
];
console.log(lines.join("\n"));
const out = join(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "replica.md"), `${lines.join("\n")}\n`);
writeFileSync(join(out, "replica.json"), JSON.stringify({ date: new Date().toISOString(), size, readers, seconds, rows }, null, 2));
