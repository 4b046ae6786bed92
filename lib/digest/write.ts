import "server-only";
// Makes a day's digest, once: a reader's (from their candidates) or the site's. The writer is the model when
// one is configured and the day's budget allows (budget.ts), else the local engine; a model answer in the
// wrong format, or one that cites nothing it was given, gives way to the local engine's digest, and so does a
// provider that still fails after the client's own retries with backoff (lib/ai/client.ts). A reader's
// digest is made under a lease on their row (users.digest_claimed_until), so a worker and the reader's own
// request never pay for two model calls: the one without the lease waits for the other's row.
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { digests, type Digest, type DigestSection } from "@/lib/db/schema";
import { chinaDayStartOf } from "@/lib/china-time";
import { errorMessage, log } from "@/lib/log";
import { recordDigest } from "./metrics";
import { readerCandidates, siteCandidates, windowStart, type Candidate } from "./candidates";
import { spendModelCall } from "./budget";
import { writeLocally } from "./local";
import { DigestFormatError, writeWithModel } from "./model";

const DAY_MS = 86_400_000;
/** How long a lease on a reader's digest lasts (a model answer is well within it). */
export const LEASE_MS = 120_000;
/** How long a request waits for a digest another worker is writing before answering without it. */
const WAIT_MS = 30_000;
const WAIT_STEP_MS = 250;

export type Written = { sections: DigestSection[]; by: "model" | "local" };

/** The digest of `candidates`: the model's when `useModel`, the local engine's otherwise or when the model's fails. */
export async function writeDigest(candidates: Candidate[], interests: string[], useModel: boolean, signal?: AbortSignal): Promise<Written> {
  if (useModel && candidates.length) {
    try {
      const sections = await writeWithModel(candidates, interests, signal);
      recordDigest("model");
      return { sections, by: "model" };
    } catch (err) {
      if (signal?.aborted) throw err; // stopping: no digest rather than a stand-in
      recordDigest(err instanceof DigestFormatError ? "model_format" : "model_error");
      log.warn("digest_model_failed", { error: errorMessage(err) });
    }
  }
  if (!useModel) recordDigest("local");
  return { sections: writeLocally(candidates), by: "local" };
}

const citedIds = (sections: DigestSection[]) => [...new Set(sections.flatMap((s) => s.points.flatMap((p) => p.article_ids)))];

async function insertDigest(db: Db, row: { userId: number | null; day: string; written: Written; since: Date }): Promise<Digest> {
  const values = { userId: row.userId, day: row.day, writtenBy: row.written.by, sections: row.written.sections, articleIds: citedIds(row.written.sections), since: row.since };
  const [made] = await db
    .insert(digests)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return made ?? (await storedDigest(db, row.userId, row.day))!;
}

/** The stored digest of `day` (a reader's, or the site's for null). */
export async function storedDigest(db: Db, userId: number | null, day: string): Promise<Digest | null> {
  const [row] = await db
    .select()
    .from(digests)
    .where(and(userId === null ? isNull(digests.userId) : eq(digests.userId, userId), eq(digests.day, day)));
  return row ?? null;
}

/** The reader's strongest interests' labels (what the model is told to put first). */
async function interestLabels(db: Db, userId: number): Promise<string[]> {
  const { rows } = await db.execute<{ term: string }>(sql`select term from user_interests where user_id = ${userId} order by weight desc, term limit 6`);
  return rows.map((r) => r.term);
}

/** Takes the lease on the reader's digest; false when another holds it. */
async function claim(db: Db, userId: number, now: Date): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update users set digest_claimed_until = ${new Date(now.getTime() + LEASE_MS)}
    where id = ${userId} and (digest_claimed_until is null or digest_claimed_until < ${now}) returning id`);
  return rows.length > 0;
}

const release = (db: Db, userId: number) => db.execute(sql`update users set digest_claimed_until = null where id = ${userId}`);

/**
 * The reader's digest of `day` (China time; today's, as `now` sees it), made now unless it exists. Null when
 * another worker holds the lease and has not finished within WAIT_MS.
 */
export async function makeReaderDigest(db: Db, userId: number, day: string, now = new Date(), signal?: AbortSignal): Promise<Digest | null> {
  const existing = await storedDigest(db, userId, day);
  if (existing) return existing;
  if (!(await claim(db, userId, now))) return waitForDigest(db, userId, day);
  try {
    const again = await storedDigest(db, userId, day);
    if (again) return again;
    const [last] = await db
      .select({ at: digests.createdAt })
      .from(digests)
      .where(and(eq(digests.userId, userId), lt(digests.day, day)))
      .orderBy(desc(digests.day))
      .limit(1);
    const start = await windowStart(db, last?.at ?? null, now);
    const [candidates, interests] = await Promise.all([readerCandidates(db, userId, start), interestLabels(db, userId)]);
    const useModel = candidates.length > 0 && (await spendModelCall(db, day));
    const written = await writeDigest(candidates, interests, useModel, signal);
    return await insertDigest(db, { userId, day, written, since: start });
  } finally {
    await release(db, userId);
  }
}

async function waitForDigest(db: Db, userId: number, day: string): Promise<Digest | null> {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    const row = await storedDigest(db, userId, day);
    if (row) return row;
  }
  return null;
}

/** The site's digest of `day` (China time), made now unless it exists (`made` says which). */
export async function makeSiteDigest(db: Db, day: string, signal?: AbortSignal): Promise<{ digest: Digest; made: boolean }> {
  const existing = await storedDigest(db, null, day);
  if (existing) return { digest: existing, made: false };
  const from = chinaDayStartOf(day);
  const candidates = await siteCandidates(db, from, new Date(from.getTime() + DAY_MS));
  // Two processes may write it at once on the first request of the day: the unique day keeps one.
  const useModel = candidates.length > 0 && (await spendModelCall(db, day));
  const written = await writeDigest(candidates, [], useModel, signal);
  const digest = await insertDigest(db, { userId: null, day, written, since: from });
  return { digest, made: true };
}
