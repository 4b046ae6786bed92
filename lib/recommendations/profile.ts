import "server-only";
// A reader's interest profile (docs/recommendations.md): the title labels (terms.ts) of what they liked,
// favourited and read, each weighed by what they did, when, and how rare the word is. Kept in user_interests, updated in the
// transaction of the action itself (so the next page 1 already follows it) and never recomputed per request.
//
// Weights decay with a half-life: a signal at time t adds weight × 2^((t − EPOCH) / HALF_LIFE) in reference
// units, so stored weights keep their order as time passes (older signals simply count less than newer ones)
// and the weight now is the stored one × 2^(−(now − EPOCH) / HALF_LIFE). Taking a signal back (an unlike, a
// favourite or history record removed) subtracts exactly what it added, from the action's own time. With an
// embedding model configured, the same signals move a vector per reader (user_vectors): the articles'
// embeddings summed with the same scales, whose direction is the decayed mean of what the reader chose.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Db, Tx } from "@/lib/db/client";
import { articleEmbeddings, articles, userInterests, users, userVectors } from "@/lib/db/schema";
import { termStats, type TermStats } from "@/lib/search/statistics";
import { interestLabels } from "./terms";

/** What each action teaches, relative to reading an article once. */
export const SIGNAL_WEIGHTS = { like: 3, favorite: 4, read: 1 } as const;
export type Signal = keyof typeof SIGNAL_WEIGHTS;

/** A signal counts half after this long. */
export const HALF_LIFE_DAYS = 30;
const HALF_LIFE_MS = HALF_LIFE_DAYS * 86_400_000;
const EPOCH_MS = Date.UTC(2026, 0, 1);
/** Interests kept per reader (the weakest go). */
export const MAX_INTERESTS = 64;
/** An interest weighing less than this now (a twentieth of one reading) is forgotten. */
export const FORGOTTEN = 0.05;

/** Reference units of a signal at `ms`. */
export const scaleAt = (ms: number) => 2 ** ((ms - EPOCH_MS) / HALF_LIFE_MS);

export type Act = { articleId: number; signal: Signal; at: Date };

/**
 * What the interest words are chosen with (terms.ts): the title statistics, read before the action's
 * transaction (the embedded database has one connection, which the transaction holds). Null when they cannot
 * be read: every word then counts.
 */
export const interestStats = (db: Db): Promise<TermStats | null> => termStats(db).catch(() => null);

/** The weight per term that `acts` teach, in reference units, terms in a fixed order (rows locked alike). */
async function weighActs(tx: Db | Tx, stats: TermStats | null, acts: Act[]): Promise<{ terms: string[]; weights: number[] }> {
  if (!acts.length) return { terms: [], weights: [] };
  const ids = [...new Set(acts.map((a) => a.articleId))];
  const rows = await tx
    .select({ id: articles.id, title: articles.title, searchTitle: articles.searchTitle })
    .from(articles)
    .where(sql`${articles.id} = any(${sql.param(ids)}::int[])`);
  const byId = new Map(rows.map((r) => [r.id, interestLabels(stats, r.title, r.searchTitle)]));
  const sum = new Map<string, number>();
  for (const act of acts) {
    for (const { label, weight } of byId.get(act.articleId) ?? []) {
      sum.set(label, (sum.get(label) ?? 0) + SIGNAL_WEIGHTS[act.signal] * weight * scaleAt(act.at.getTime()));
    }
  }
  const terms = [...sum.keys()].sort();
  return { terms, weights: terms.map((t) => sum.get(t)!) };
}

/**
 * With an embedding model configured, moves the reader's vector (user_vectors) by the acts' articles'
 * embeddings, each scaled as its words are (`sign` −1 takes them back). Articles not embedded yet add nothing.
 */
async function moveVector(tx: Db | Tx, userId: number, acts: Act[], sign: 1 | -1, now: number): Promise<void> {
  const model = getConfig().AI_EMBEDDING_MODEL;
  if (!model || !acts.length) return;
  const rows = await tx
    .select({ id: articleEmbeddings.articleId, embedding: articleEmbeddings.embedding })
    .from(articleEmbeddings)
    .where(and(eq(articleEmbeddings.model, model), inArray(articleEmbeddings.articleId, [...new Set(acts.map((a) => a.articleId))])));
  if (!rows.length) return;
  const n = rows[0].embedding.length;
  const byId = new Map(rows.filter((r) => r.embedding.length === n).map((r) => [r.id, r.embedding]));
  const sum = new Array<number>(n).fill(0);
  let weight = 0;
  for (const act of acts) {
    const e = byId.get(act.articleId);
    if (!e) continue;
    const w = sign * SIGNAL_WEIGHTS[act.signal] * scaleAt(act.at.getTime());
    weight += w;
    for (let i = 0; i < n; i++) sum[i] += w * e[i];
  }
  if (weight === 0) return;
  const added = sql`array(select x + y from unnest(user_vectors.vector, ${sql.param(sum)}::float8[]) with ordinality as t(x, y, i) order by i)`;
  if (sign > 0) {
    await tx.execute(sql`
      insert into user_vectors (user_id, model, dimensions, vector, weight)
      select ${userId}, ${model}, ${n}, ${sql.param(sum)}::float8[], ${weight}
      where exists (select 1 from users where id = ${userId} and personalized)
      on conflict (user_id, model) do update set
        vector = case when user_vectors.dimensions = excluded.dimensions then ${added} else excluded.vector end,
        weight = case when user_vectors.dimensions = excluded.dimensions then user_vectors.weight + excluded.weight else excluded.weight end,
        dimensions = excluded.dimensions, updated_at = now()`);
  } else {
    await tx.execute(sql`
      update user_vectors set vector = ${added}, weight = weight + ${weight}, updated_at = now()
      where user_id = ${userId} and model = ${model} and dimensions = ${n}`);
    await tx.execute(sql`delete from user_vectors where user_id = ${userId} and weight < ${FORGOTTEN * scaleAt(now)}`);
  }
}

/** Teaches the reader's profile what they just did (nothing when they turned personalisation off). */
export async function learn(tx: Db | Tx, stats: TermStats | null, userId: number, acts: Act[], now = Date.now()): Promise<void> {
  await moveVector(tx, userId, acts, 1, now);
  await learnLabels(tx, stats, userId, acts);
}

/** The labels part of learn(): what the acts' titles teach, the vector left alone (relabel.ts rebuilds labels only). */
export async function learnLabels(tx: Db | Tx, stats: TermStats | null, userId: number, acts: Act[]): Promise<void> {
  const { terms, weights } = await weighActs(tx, stats, acts);
  if (!terms.length) return;
  await tx.execute(sql`
    insert into user_interests (user_id, term, weight)
    select ${userId}, t.term, t.weight from unnest(${sql.param(terms)}::text[], ${sql.param(weights)}::float8[]) as t(term, weight)
    where exists (select 1 from users where id = ${userId} and personalized)
    order by t.term
    on conflict (user_id, term) do update set weight = user_interests.weight + excluded.weight, updated_at = now()`);
  await tx.execute(sql`
    delete from user_interests where user_id = ${userId} and term in (
      select term from user_interests where user_id = ${userId} order by weight desc, term offset ${MAX_INTERESTS})`);
}

/** Takes back what `acts` taught (an unlike, a removed favourite or history record); faded interests go. */
export async function unlearn(tx: Db | Tx, stats: TermStats | null, userId: number, acts: Act[], now = Date.now()): Promise<void> {
  await moveVector(tx, userId, acts, -1, now);
  const { terms, weights } = await weighActs(tx, stats, acts);
  if (!terms.length) return;
  await tx.execute(sql`
    update user_interests u set weight = u.weight - t.weight, updated_at = now()
    from unnest(${sql.param(terms)}::text[], ${sql.param(weights)}::float8[]) as t(term, weight)
    where u.user_id = ${userId} and u.term = t.term`);
  await tx.execute(sql`delete from user_interests where user_id = ${userId} and weight < ${FORGOTTEN * scaleAt(now)}`);
}

export type Interest = { label: string; weight: number };

/** The reader's strongest interests now, strongest first, each weighed as of `now` (two decimals). */
export async function readInterests(db: Db, userId: number, limit: number, now = Date.now()): Promise<Interest[]> {
  const rows = await db
    .select({ term: userInterests.term, weight: userInterests.weight })
    .from(userInterests)
    .where(and(eq(userInterests.userId, userId), sql`${userInterests.weight} >= ${FORGOTTEN * scaleAt(now)}`))
    .orderBy(desc(userInterests.weight), userInterests.term)
    .limit(limit);
  return rows.map((r) => ({ label: r.term, weight: Math.round((r.weight / scaleAt(now)) * 100) / 100 }));
}

/** Forgets one interest; false when the reader had none by that label. */
export async function forgetInterest(db: Db, userId: number, label: string): Promise<boolean> {
  const gone = await db
    .delete(userInterests)
    .where(and(eq(userInterests.userId, userId), eq(userInterests.term, label)))
    .returning({ term: userInterests.term });
  return gone.length > 0;
}

/** Forgets every interest of the reader; how many there were. */
export async function forgetAllInterests(db: Db, userId: number): Promise<number> {
  await db.delete(userVectors).where(eq(userVectors.userId, userId));
  return (await db.delete(userInterests).where(eq(userInterests.userId, userId)).returning({ term: userInterests.term })).length;
}

/** Turns personalised recommendations on or off for the reader (remembered on the account). */
export async function setPersonalized(db: Db, userId: number, on: boolean): Promise<void> {
  await db.update(users).set({ personalized: on }).where(eq(users.id, userId));
}
