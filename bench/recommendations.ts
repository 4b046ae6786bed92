// `npm run bench:recommend [sizes…]` (default 1000000): issue 31's simulation of readers with interests, on a
// prepared PostgreSQL corpus (`npm run bench -- --prepare`) whose synthetic articles each carry one of eight
// topics (lib/db/seed/synthetic.ts). Also part of `npm run bench` on its PostgreSQL corpora.
//
// BENCH_RECOMMEND_READERS (default 50) simulated readers, the first half with one topic, the rest with two;
// each likes, favourites and reads 15 articles of their topics (5 of each, through the app's own write
// paths, so their profiles are what a reader's would be). Then, against the production build:
// - each reader's page 1 of the signed-in feed (`/api/v1/articles/?exclude_read=true`), personalised and with
//   personalisation off (the hot order): the articles of the reader's topics, and how many other topics the
//   page shows (discovery);
// - page 1's latency, one request at a time, BENCH_RECOMMEND_ROUNDS (default 10) rounds over every reader;
// - a like of another topic, then page 1 again: does that topic's label show at once;
// - EXPLAIN ANALYZE of one interest's candidate read.
// The readers (bench_recommend_{i}) are reset at the start of each run. Writes bench/results/recommendations.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { signToken } from "@/lib/auth/token";
import { openDatabase, type Db } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { favorites, likes, readHistory, userInterests, users } from "@/lib/db/schema";
import { TOPICS } from "@/lib/db/seed/synthetic";
import { addFavorite } from "@/lib/interactions/favorites";
import { recordRead } from "@/lib/interactions/history";
import { toggleLike } from "@/lib/interactions/likes";
import { segmentWords } from "@/lib/search/text";
import { appFor, type App } from "./app-server";
import { label, postgresAt } from "./databases";
import { loadResult, type LoadResult } from "./load";
import { inspectBenchDb } from "./prepare-db";

process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123456789";

const READERS = Number(process.env.BENCH_RECOMMEND_READERS ?? 50);
const ROUNDS = Number(process.env.BENCH_RECOMMEND_ROUNDS ?? 10);
const ACTS = 15;
const TOPIC_KEYS = Object.keys(TOPICS);

type Item = { id: number; title: string; recommend_reason?: { kind: string; label?: string } };
type ReaderRun = { id: number; token: string; topics: string[] };
export type RecommendResult = {
  size: number;
  readers: number;
  personal: { share: number[]; discovery: number[] };
  hot: { share: number[]; discovery: number[] };
  latency: LoadResult;
  likeShows: boolean;
  explain: string;
};

/** The topic of a synthetic title (the topic whose word it holds), or null for a demo article. */
export const topicOf = (title: string) => TOPIC_KEYS.find((k) => TOPICS[k].some((w) => title.includes(w))) ?? null;

/** `n` visible articles of `topic` spread over the collection, chosen by `seed`. */
async function topicArticles(db: Db, topic: string, n: number, seed: number): Promise<number[]> {
  const word = TOPICS[topic][seed % TOPICS[topic].length];
  const lexemes = segmentWords(word).filter((w) => w.length > 1);
  const { rows } = await db.execute<{ id: number; title: string }>(sql`
    select id, title from articles where title_vector @@ to_tsquery('simple', ${lexemes.map((l) => `'${l}'`).join(" & ")}) and hidden_at is null
    order by id desc limit 2000`);
  const fitting = rows.filter((r) => r.title.includes(word));
  const step = Math.max(1, Math.floor(fitting.length / n));
  return fitting.filter((_, i) => i % step === (seed * 7) % step).slice(0, n).map((r) => r.id);
}

async function resetReaders(db: Db, n: number): Promise<ReaderRun[]> {
  const out: ReaderRun[] = [];
  for (let i = 0; i < n; i++) {
    const accountName = `bench_recommend_${i}`;
    const [known] = await db.select({ id: users.id }).from(users).where(eq(users.accountName, accountName));
    const [u] = known ? [known] : await db.insert(users).values({ accountName }).returning({ id: users.id });
    await db.update(users).set({ personalized: true }).where(eq(users.id, u.id));
    await db.delete(likes).where(eq(likes.userId, u.id));
    await db.delete(favorites).where(eq(favorites.userId, u.id));
    await db.delete(readHistory).where(eq(readHistory.userId, u.id));
    await db.delete(userInterests).where(eq(userInterests.userId, u.id));
    const topics = i < n / 2 ? [TOPIC_KEYS[i % 8]] : [TOPIC_KEYS[i % 8], TOPIC_KEYS[(i + 3) % 8]];
    out.push({ id: u.id, token: await signToken(u.id), topics });
  }
  return out;
}

/** Each reader likes, favourites and reads 15 articles of their topics (in turn), through the app's write paths. */
async function act(db: Db, reader: ReaderRun, seed: number) {
  const per = reader.topics.map((_, t) => Math.ceil(ACTS / reader.topics.length) - (t > 0 && ACTS % 2 ? 1 : 0));
  const ids = (await Promise.all(reader.topics.map((topic, t) => topicArticles(db, topic, per[t], seed + t)))).flat().slice(0, ACTS);
  for (const [n, articleId] of ids.entries()) {
    const args = { db, userId: reader.id, articleId };
    if (n % 3 === 0) await toggleLike(args);
    else if (n % 3 === 1) await addFavorite(args);
    else await recordRead(args);
  }
}

/** How page 1 serves the reader: share of their topics, and other topics shown. */
function judge(items: Item[], topics: string[]) {
  const found = items.map((a) => topicOf(a.title));
  return { share: found.filter((t) => t && topics.includes(t)).length, discovery: new Set(found.filter((t) => t && !topics.includes(t))).size };
}

async function firstPage(base: string, token: string): Promise<Item[]> {
  const res = await fetch(`${base}/api/v1/articles/?exclude_read=true`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`page 1 answered ${res.status}`);
  return ((await res.json()) as { data: { items: Item[] } }).data.items;
}

const personalize = (base: string, token: string, on: boolean) =>
  fetch(`${base}/api/v1/users/me/interests`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ personalized: on }) }).then((r) => {
    if (!r.ok) throw new Error(`personalisation answered ${r.status}`);
  });

async function explainCandidates(db: Db, reader: ReaderRun): Promise<string> {
  const [top] = (await db.execute<{ term: string }>(sql`select term from user_interests where user_id = ${reader.id} order by weight desc limit 1`)).rows;
  if (!top) return "(no interest)";
  const { rows } = await db.execute<{ "QUERY PLAN": string }>(sql`
    explain (analyze, buffers) select "articles"."id" from (
      select * from articles order by hot_score desc nulls last, id desc nulls last limit 4000
    ) as "articles"
    where "articles".title_vector @@ to_tsquery('simple', ${`'${top.term}'`}) and "articles".hidden_at is null
      and ("articles".pinned_until is null or "articles".pinned_until <= now())
      and not exists(select 1 from read_history r where r.user_id = ${reader.id} and r.article_id = "articles"."id")
      and not exists(select 1 from likes l where l.user_id = ${reader.id} and l.article_id = "articles"."id")
      and not exists(select 1 from favorites f where f.user_id = ${reader.id} and f.article_id = "articles"."id")
    limit 12`);
  return `interest 「${top.term}」, a walk down the hot index (the plan top-by-hot.ts picks for a word in ~2% of titles):\n${rows.map((r) => `    ${r["QUERY PLAN"]}`).join("\n")}`;
}

/**
 * The simulation on a prepared PostgreSQL corpus (`size`: its nominal size), the app started on `port`;
 * for a smoke run (`npm run bench -- --quick`), fewer `readers` and `rounds` and the run's own `app`.
 */
export async function recommendCorpus(target: { databaseUrl: string }, size: number, port: number, { readers: n = READERS, rounds = ROUNDS, app: shared }: { readers?: number; rounds?: number; app?: App } = {}): Promise<RecommendResult> {
  const corpus = await inspectBenchDb(target.databaseUrl);
  if (!corpus || corpus.articles < size) throw new Error(`${target.databaseUrl} is not prepared: run BENCH_ARTICLES=${size} npm run bench -- --prepare first`);
  const handle = await openDatabase({ databaseUrl: target.databaseUrl });
  const { db } = handle;
  try {
    await migrateDatabase(handle); // the readers' profiles are written before the app (which migrates too) starts
    console.log(`bench: ${n} simulated readers act on ${label(size)}…`);
    const readers = await resetReaders(db, n);
    for (const [i, r] of readers.entries()) await act(db, r, i);
    const app = await appFor(target, { port, env: { OPENAI_API_KEY: "", AI_EMBEDDING_MODEL: "" } }, shared);
    try {
      const personal = { share: [] as number[], discovery: [] as number[] };
      const hot = { share: [] as number[], discovery: [] as number[] };
      for (const r of readers) {
        const p = judge(await firstPage(app.base, r.token), r.topics);
        personal.share.push(p.share);
        personal.discovery.push(p.discovery);
        await personalize(app.base, r.token, false);
        const h = judge(await firstPage(app.base, r.token), r.topics);
        hot.share.push(h.share);
        hot.discovery.push(h.discovery);
        await personalize(app.base, r.token, true);
      }
      console.log(`bench: page 1 of ${readers.length} readers × ${rounds} rounds, one at a time…`);
      const latencies: number[] = [];
      const started = performance.now();
      for (let round = 0; round < rounds; round++) {
        for (const r of readers) {
          const t = performance.now();
          await firstPage(app.base, r.token);
          latencies.push(performance.now() - t);
        }
      }
      const latency = loadResult(1, latencies, 0, (performance.now() - started) / 1000);
      // A like of a topic the reader never touched, then page 1 again.
      const r0 = readers[0];
      const other = TOPIC_KEYS.find((k) => !r0.topics.includes(k))!;
      const [fresh] = await topicArticles(db, other, 1, 99);
      await toggleLike({ db, userId: r0.id, articleId: fresh });
      const words = new Set((await db.execute<{ term: string }>(sql`select term from user_interests where user_id = ${r0.id}`)).rows.map((r) => r.term));
      const after = await firstPage(app.base, r0.token);
      const likeShows = after.some((a) => a.recommend_reason?.kind === "interest" && topicOf(a.title) === other && words.has(a.recommend_reason.label!));
      return { size, readers: readers.length, personal, hot, latency, likeShows, explain: await explainCandidates(db, r0) };
    } finally {
      await app.stop();
    }
  } finally {
    await handle.close();
  }
}

const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1)).toFixed(1);
const span = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)} (mean ${mean(xs)})`;

export function recommendTable(results: RecommendResult[]): string {
  const rows = results.flatMap((r) => [
    `| ${label(r.size)} | page 1 articles of the reader's topics (of 20), ${r.readers} readers | ${span(r.personal.share)} | ${span(r.hot.share)} | ≥ 10 |`,
    `| ${label(r.size)} | other topics on page 1 (discovery) | ${span(r.personal.discovery)} | ${span(r.hot.discovery)} | ≥ 2 |`,
    `| ${label(r.size)} | signed-in page 1, p50 / p95 (max), ${r.latency.requests} requests one at a time | ${r.latency.p50} / ${r.latency.p95} ms (${r.latency.max}) | | ≤ 30 / ≤ 60 ms |`,
    `| ${label(r.size)} | a like of a new topic shows on the next page 1 | ${r.likeShows ? "yes" : "no"} | | yes |`,
  ]);
  return ["| corpus | measure | personalised | hot order (personalisation off) | target |", "|---|---|---|---|---|", ...rows].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  const results: RecommendResult[] = [];
  for (const size of sizes.length ? sizes : [1_000_000]) results.push(await recommendCorpus(postgresAt(size), size, Number(process.env.BENCH_PORT ?? 3393)));
  const text = [
    `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, npm run bench:recommend, ${cpus().length} cores, Node ${process.version}, PostgreSQL; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`,
    "",
    recommendTable(results),
    "",
    ...results.map((r) => `EXPLAIN ANALYZE at ${label(r.size)}, ${r.explain}`),
  ].join("\n");
  mkdirSync(join(import.meta.dirname, "results"), { recursive: true });
  writeFileSync(join(import.meta.dirname, "results", "recommendations.md"), `${text}\n`);
  console.log(`\n${text}`);
  process.exit(0);
}

