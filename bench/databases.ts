// Where each benchmark corpus lives: one PostgreSQL database per size (BENCH_DATABASE_URL with the size
// appended: shiyue_bench_1k, _10k, _100k, _1m) and PGlite data directories under bench/.data/ (gitignored).
// Each is seeded once through the seed's own code and reused by later runs.
import { join, resolve } from "node:path";
import { describe, inspectBenchDb, prepareBenchDb, type BenchDb, type DbTarget } from "./prepare-db";

const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shiyue_bench";
const DATA = resolve(import.meta.dirname, ".data");

/** 1k, 100k, 1M: corpus sizes as the tables show them. */
export const label = (n: number) => (n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n % 1000 === 0 ? `${n / 1000}k` : String(n));
/** The same in database and directory names: shiyue_bench_100k, shiyue_bench_1m. */
const suffix = (n: number) => label(n).toLowerCase();

export function postgresAt(articles: number): { databaseUrl: string } {
  const url = new URL(BASE_URL);
  url.pathname = `${url.pathname}_${suffix(articles)}`;
  return { databaseUrl: url.toString() };
}

/** The PostgreSQL corpus of `articles` a row measures alone, read only; an error saying how to prepare it when it is not. */
export async function preparedPostgres(articles: number): Promise<{ target: { databaseUrl: string }; corpus: { articles: number; articleId: number } }> {
  const target = postgresAt(articles);
  const corpus = await inspectBenchDb(target.databaseUrl);
  if (!corpus || corpus.articles < articles) {
    throw new Error(`${target.databaseUrl} is not prepared with ${articles} articles: run npm run bench -- --prepare with BENCH_ARTICLES=${articles} first`);
  }
  return { target, corpus };
}

export function pgliteAt(articles: number): DbTarget {
  return { dataDir: join(DATA, `pglite-${suffix(articles)}`) };
}

/** Prepares (or reuses) a corpus and says how long it took. */
export async function ready(target: DbTarget, articles: number): Promise<BenchDb> {
  const started = performance.now();
  const db = await prepareBenchDb(target, articles);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`bench: ${describe(target)}: ${db.articles} articles, ${db.seedSeconds === null ? "already prepared" : `seeded in ${db.seedSeconds.toFixed(1)} s`} (${seconds} s)`);
  return db;
}
