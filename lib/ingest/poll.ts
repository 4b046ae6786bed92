import "server-only";
// One poll of one feed source: a conditional GET through the SSRF-safe fetcher (304 costs nothing), the
// feed parsed, new items stored, and the source's health and next poll written back. A failure of any
// kind is recorded on that source only, with a Chinese message, and backs it off; it never throws.
import { eq } from "drizzle-orm";
import { announceArticles } from "@/lib/announce";
import { nudgeEmbedder } from "@/lib/search/embedder";
import type { Db } from "@/lib/db/client";
import { feedSources, type FeedSource } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { siteUrl } from "@/lib/site";
import { decodeBody } from "@/lib/summary/decode";
import { FetchRefused, fetchPorts, safeFetch, urlPort, type SafeFetchOptions } from "@/lib/summary/fetch";
import { FeedParseError, parseFeed } from "./feed-parse";
import { maxAgeSeconds, nextPollAt, retryAfterSeconds } from "./schedule";
import { storeItems } from "./store";

export const FEED_TIMEOUT_MS = 20_000;
export const FEED_MAX_BYTES = 10 * 1024 * 1024;
const FEED_ACCEPT = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json", "application/xml", "text/xml", "application/rdf+xml", "text/plain", "text/html"];

export type PollResult =
  | { sourceId: number; status: "updated"; added: number; duplicates: number; nextPollAt: Date }
  | { sourceId: number; status: "not_modified"; added: 0; nextPollAt: Date }
  | { sourceId: number; status: "failed"; error: string; errorCount: number; nextPollAt: Date };

export function userAgent(): string {
  return `ShiyueFeedBot/1.0 (+${siteUrl()}/about)`; // header values are ASCII
}

/**
 * A feed's allow_private (an operator's feed on the local network, e.g. a self-hosted RSSHub) reaches a
 * private address for the source's own URL only: the first hop. A redirect from it to any private address
 * is refused, and link-local and cloud metadata addresses never pass (lib/summary/fetch.ts).
 */
const sourceHostOnly: SafeFetchOptions["allowPrivate"] = (_ip, _host, hop) => hop === 0;

/** The summary ports (80, 443, SUMMARY_FETCH_PORTS) and the source URL's own, e.g. RSSHub's 1200. */
const feedPorts = (url: string) => new Set([...fetchPorts(), urlPort(new URL(url))]);

function header(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value)?.trim() || null;
}

export async function pollSource({
  db,
  source,
  now = new Date(),
  random = Math.random,
  signal,
}: {
  db: Db;
  source: FeedSource;
  now?: Date;
  random?: () => number;
  /** Shutdown: the poll stops and the source is due again at once, with no failure recorded. */
  signal?: AbortSignal;
}): Promise<PollResult> {
  const conditional: Record<string, string> = {};
  if (source.etag) conditional["If-None-Match"] = source.etag;
  if (source.lastModified) conditional["If-Modified-Since"] = source.lastModified;
  try {
    const res = await safeFetch(source.url, {
      timeoutMs: FEED_TIMEOUT_MS,
      maxBytes: FEED_MAX_BYTES,
      accept: FEED_ACCEPT,
      allowPrivate: source.allowPrivate ? sourceHostOnly : undefined,
      ports: feedPorts(source.url),
      signal,
      headers: {
        "User-Agent": userAgent(),
        Accept: "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
        ...conditional,
      },
    });
    const maxAge = maxAgeSeconds(header(res.headers["cache-control"]));
    if (res.status === 304) {
      const next = nextPollAt(now, source.intervalSeconds, { ok: true, maxAgeSeconds: maxAge }, random);
      await db
        .update(feedSources)
        .set({ lastFetchedAt: now, lastSuccessAt: now, errorCount: 0, lastError: null, nextPollAt: next, updatedAt: now })
        .where(eq(feedSources.id, source.id));
      return { sourceId: source.id, status: "not_modified", added: 0, nextPollAt: next };
    }
    const feed = parseFeed(decodeBody(res.body, res.contentType), res.url, { maxItems: source.maxItems });
    const stored = await storeItems({ db, source, feed, now });
    const next = nextPollAt(now, source.intervalSeconds, { ok: true, maxAgeSeconds: maxAge, ttlMinutes: feed.ttlMinutes }, random);
    await db
      .update(feedSources)
      .set({
        title: source.title ?? feed.title,
        etag: header(res.headers.etag),
        lastModified: header(res.headers["last-modified"]),
        lastFetchedAt: now,
        lastSuccessAt: now,
        errorCount: 0,
        lastError: null,
        lastAdded: stored.added.length,
        nextPollAt: next,
        updatedAt: now,
      })
      .where(eq(feedSources.id, source.id));
    if (stored.added.length) {
      nudgeEmbedder();
      await announceArticles({ db, ids: stored.added }); // queued for search engines; never throws
      log.info("feed polled", { source: source.id, added: stored.added.length });
    }
    return { sourceId: source.id, status: "updated", added: stored.added.length, duplicates: stored.duplicates, nextPollAt: next };
  } catch (err) {
    if (signal?.aborted) {
      await db.update(feedSources).set({ nextPollAt: now }).where(eq(feedSources.id, source.id)).catch(() => {});
      return { sourceId: source.id, status: "failed", error: "已停止", errorCount: source.errorCount, nextPollAt: now };
    }
    return recordFailure(db, source, err, now, random);
  }
}

async function recordFailure(db: Db, source: FeedSource, err: unknown, now: Date, random: () => number): Promise<PollResult> {
  const error =
    err instanceof FetchRefused || err instanceof FeedParseError ? err.message : `读取订阅源失败：${errorMessage(err)}`;
  const errorCount = source.errorCount + 1;
  const retryAfter = err instanceof FetchRefused ? retryAfterSeconds(err.response?.retryAfter, now) : null;
  const next = nextPollAt(now, source.intervalSeconds, { ok: false, errorCount, retryAfterSeconds: retryAfter }, random);
  try {
    await db
      .update(feedSources)
      .set({ lastFetchedAt: now, errorCount, lastError: error, nextPollAt: next, updatedAt: now })
      .where(eq(feedSources.id, source.id));
  } catch (dbErr) {
    log.error("feed poll not recorded", { source: source.id, error: errorMessage(dbErr) });
  }
  log.warn("feed poll failed", { source: source.id, error, errors: errorCount });
  return { sourceId: source.id, status: "failed", error, errorCount, nextPollAt: next };
}
