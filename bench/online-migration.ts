// npm run bench:migrate — an index migration on a live corpus (issue 32, docs/performance.md "Upgrades"): the app
// serves readers and a writer (bench/live-load.ts) while a
// migration builds an index on `articles`, first as the migrations do it (CREATE INDEX CONCURRENTLY, through the
// migration runner), then as a plain CREATE INDEX for comparison. The app and the migration go through a real
// PgBouncer in transaction mode when Debian's pgbouncer is installed (BENCH_PGBOUNCER=0: straight to the server).
// Each build is dropped afterwards: the corpus is left as it was.
//
//   BENCH_ARTICLES   the corpus (default 1,000,000; prepare it with `npm run bench -- --prepare`)
//   BENCH_READERS    concurrent readers (default 4)
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { havePgBouncer, startPgBouncer, type PgBouncer } from "@/test/pgbouncer";
import { migrationsFolderWith } from "@/test/migrations";
import { startApp } from "./app-server";
import { label, postgresAt, ready } from "./databases";
import { idle, ms, startLiveLoad } from "./live-load";

// The token the corpus' reader was signed with (bench/prepare-db.ts) must verify in the app.
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123456789";
const size = Number(process.env.BENCH_ARTICLES ?? 1_000_000);
const readers = Number(process.env.BENCH_READERS ?? 4);
const viaBouncer = process.env.BENCH_PGBOUNCER !== "0" && havePgBouncer();
const INDEX = "bench_online_idx";
const INDEX_SQL = (concurrently: boolean) =>
  `CREATE INDEX ${concurrently ? "CONCURRENTLY IF NOT EXISTS " : ""}"${INDEX}" ON "articles" USING btree ("title", "published_at")`;


const corpus = await ready(postgresAt(size), size);
const direct = postgresAt(size).databaseUrl;
let bouncer: PgBouncer | undefined;
if (viaBouncer) bouncer = await startPgBouncer(direct, { poolSize: 12 });
const url = bouncer ? bouncer.url(new URL(direct).pathname.slice(1)) : direct;
const admin = new pg.Client({ connectionString: direct });
await admin.connect();
await admin.query(`drop index if exists ${INDEX}`);
const app = await startApp({ databaseUrl: url }, { port: 3590, env: { OPENAI_API_KEY: "", AI_EMBEDDING_MODEL: "" } });
const maxId = Number((await admin.query<{ m: number }>("select max(id)::int as m from articles")).rows[0].m);

const spans: [name: string, from: number, to: number][] = [];
const load = startLiveLoad(app.base, corpus, { readers, maxId });
try {
  console.log(`bench: ${readers} readers and a writer on ${label(size)}${bouncer ? " through PgBouncer (transaction mode)" : ""}; 10 s before any build…`);
  await idle(2_000);
  let t = performance.now();
  await idle(10_000);
  spans.push(["no migration", t, performance.now()]);

  console.log("bench: the migration runner builds the index concurrently…");
  const { folder, when } = migrationsFolderWith("bench_online_idx", `${INDEX_SQL(true)};`);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
  t = performance.now();
  try {
    await migrateDatabase(handle, folder);
  } finally {
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
  }
  spans.push(["CREATE INDEX CONCURRENTLY (the migrations)", t, performance.now()]);
  await admin.query(`delete from drizzle.__drizzle_migrations where created_at = $1`, [when]);
  await admin.query(`drop index ${INDEX}`);

  await idle(5_000);
  console.log("bench: the same index with a plain CREATE INDEX, for comparison…");
  t = performance.now();
  await admin.query(INDEX_SQL(false));
  spans.push(["plain CREATE INDEX (before)", t, performance.now()]);
  await admin.query(`drop index ${INDEX}`);
} finally {
  await load.stop();
  await app.stop();
  await admin.end();
  await bouncer?.stop();
}

// After the load has stopped: a write held up by a build is counted in the phase it was sent in.
const phases = spans.map(([name, from, to]) => load.phase(name, from, to));
const f = ms;
const lines = [
  `Index on articles (title, published_at), ${label(size)} articles, ${readers} readers + 1 writer${bouncer ? ", app and migration through PgBouncer (transaction mode)" : ""} — ${new Date().toISOString()}`,
  "",
  "| phase | build s | reads | read p50 / p95 / max ms | reads > 1 s | writes | write p50 / max ms | errors |",
  "|---|---|---|---|---|---|---|---|",
  ...phases.map(
    (p) =>
      `| ${p.name} | ${p.name === "no migration" ? "–" : p.seconds.toFixed(1)} | ${p.reads.requests} | ${f(p.reads.p50)} / ${f(p.reads.p95)} / ${f(p.reads.max)} | ${p.slowReads} | ${p.writes.requests} | ${f(p.writes.p50)} / ${f(p.slowestWriteMs)} | ${p.reads.errors + p.writes.errors} |`,
  ),
];
console.log(lines.join("\n"));
const out = join(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "online-migration.md"), `${lines.join("\n")}\n`);
writeFileSync(join(out, "online-migration.json"), JSON.stringify({ date: new Date().toISOString(), size, readers, pgbouncer: Boolean(bouncer), phases }, null, 2));
