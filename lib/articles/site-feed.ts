import "server-only";
// 拾阅's own feeds, /feed.xml (RSS 2.0) and /feed.json (JSON Feed 1.1): the newest SITE_FEED_SIZE published
// articles by publish time, each with its full body as HTML. Published means visible (not hidden by an
// operator) and published_at not in the future: articles carry no draft state, but a feed may date an item
// up to an hour ahead (lib/ingest/store.ts) and such an article waits for its time.
//
// Feed readers poll every few minutes, so both documents are built once and kept in memory, current while the
// articles version (lib/articles/version.ts, moved by every insert, delete, edit, hide or unhide) has not moved
// and the next future article's time has not come: a poll costs one version read. A rebuild reads the 50
// newest rows through articles_published_idx without their bodies and renders only bodies it has not
// rendered at the same updated_at before (a new article renders one body, not fifty).
import { createHash } from "node:crypto";
import { and, asc, gt, inArray, lte, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db";
import { outsideRequest } from "@/lib/db/request-scope";
import { articles } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { namesEtag } from "@/lib/server/conditional-get";
import { siteUrl } from "@/lib/site";
import { markdownToHtml } from "./markdown-html";
import { visible } from "./queries";
import { sourceLine, toJsonFeed, toRss, type SiteFeedItem } from "./site-feed-format";
import { sharedVersionReader } from "./version";

/** Articles in each feed. */
export const SITE_FEED_SIZE = 50;
/** How long readers and caches on the way may keep a feed without asking again. */
export const SITE_FEED_CACHE_CONTROL = "public, max-age=300";

export type SiteFeedKind = "rss" | "json";

const CONTENT_TYPES: Record<SiteFeedKind, string> = {
  rss: "application/rss+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

const WEB_URL = /^https?:\/\//i;

const published = (now: Date) => and(visible(), lte(articles.publishedAt, now));

/** The newest `limit` published articles without their bodies, in articles_published_idx order. */
export async function newestPublished({ db, now, limit = SITE_FEED_SIZE }: { db: Db; now: Date; limit?: number }) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      summary: articles.summary,
      authorName: articles.authorName,
      sourcePlatform: articles.sourcePlatform,
      sourceUrl: articles.sourceUrl,
      coverImage: articles.coverImage,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(published(now))
    // As the index is built (published_at desc nulls last, id desc nulls last), so no sort.
    .orderBy(sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`)
    .limit(limit);
}

/** When the next visible article dated after `now` comes out (null when none is), read backwards on the same index. */
export async function nextPublishTime({ db, now }: { db: Db; now: Date }): Promise<Date | null> {
  const [row] = await db
    .select({ at: articles.publishedAt })
    .from(articles)
    .where(and(visible(), gt(articles.publishedAt, now)))
    .orderBy(sql`${asc(articles.publishedAt)} nulls first`)
    .limit(1);
  return row?.at ?? null;
}

async function bodiesByIds({ db, ids }: { db: Db; ids: number[] }): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: articles.id, content: articles.content }).from(articles).where(inArray(articles.id, ids));
  return new Map(rows.map((r) => [r.id, r.content ?? ""]));
}

type Rendered = { body: string; etag: string };
type Snapshot = {
  version: number;
  /** Rebuild from this moment on (the next future article's time), even if the version has not moved. */
  validUntil: number;
  channel: { base: string; items: SiteFeedItem[] };
  /** Item HTML by article id, with the updated_at it was rendered at (reused by the next build). */
  bodies: Map<number, { changedAt: number; html: string }>;
  documents: Partial<Record<SiteFeedKind, Rendered>>;
};

let snapshot: Snapshot | null = null;
const building = new Map<number, Promise<Snapshot>>();
const currentVersion = sharedVersionReader(getDb);

async function build(version: number, now: Date): Promise<Snapshot> {
  const db = await getDb();
  const base = siteUrl();
  const [rows, next] = await Promise.all([newestPublished({ db, now }), nextPublishTime({ db, now })]);
  const previous = snapshot?.bodies ?? new Map<number, { changedAt: number; html: string }>();
  const stale = rows.filter((r) => previous.get(r.id)?.changedAt !== r.updatedAt.getTime());
  const contents = await bodiesByIds({ db, ids: stale.map((r) => r.id) });
  const bodies = new Map<number, { changedAt: number; html: string }>();
  const items = rows.map((r): SiteFeedItem => {
    const sourceUrl = WEB_URL.test(r.sourceUrl) ? r.sourceUrl : null;
    let body = previous.get(r.id);
    if (!body || body.changedAt !== r.updatedAt.getTime()) {
      const html = markdownToHtml(contents.get(r.id) ?? "", { base });
      body = { changedAt: r.updatedAt.getTime(), html: sourceUrl ? html + sourceLine(sourceUrl, r.sourcePlatform) : html };
    }
    bodies.set(r.id, body);
    return {
      url: `${base}/articles/${r.id}`,
      title: r.title,
      summary: r.summary,
      author: r.authorName,
      sourceUrl,
      cover: r.coverImage && WEB_URL.test(r.coverImage) ? r.coverImage : null,
      publishedAt: r.publishedAt,
      changedAt: r.updatedAt,
      html: body.html,
    };
  });
  return { version, validUntil: next ? next.getTime() : Infinity, channel: { base, items }, bodies, documents: {} };
}

function documentOf(s: Snapshot, kind: SiteFeedKind): Rendered {
  let doc = s.documents[kind];
  if (!doc) {
    const body = kind === "rss" ? toRss(s.channel) : toJsonFeed(s.channel);
    doc = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    s.documents[kind] = doc;
  }
  return doc;
}

/**
 * The feed document as it stands at `now`. Shared by every reader asking at that moment, so it runs outside
 * the request (one reader leaving cancels nothing). When the version cannot be read or a rebuild fails (the
 * database unreachable), the last document built is served; without one, the error is the caller's.
 */
export function siteFeed({ kind, now = Date.now() }: { kind: SiteFeedKind; now?: number }): Promise<Rendered> {
  return outsideRequest(async () => {
    let version: number;
    try {
      version = await currentVersion();
    } catch (err) {
      if (!snapshot) throw err;
      return documentOf(snapshot, kind);
    }
    if (snapshot && snapshot.version === version && now < snapshot.validUntil) return documentOf(snapshot, kind);
    let job = building.get(version);
    if (!job) {
      job = build(version, new Date(now))
        .then((built) => {
          // The version only grows: a slower build of an older one never replaces a newer one.
          if (!snapshot || version >= snapshot.version) snapshot = built;
          return built;
        })
        .finally(() => building.delete(version));
      building.set(version, job);
    }
    try {
      return documentOf(await job, kind);
    } catch (err) {
      if (!snapshot) throw err;
      log.warn("site_feed_build_failed", { error: errorMessage(err) });
      return documentOf(snapshot, kind);
    }
  });
}

/** The feed as an HTTP answer: 200 with the document, or 304 when the reader already has it. */
export async function siteFeedResponse({ kind, ifNoneMatch }: { kind: SiteFeedKind; ifNoneMatch: string | null }): Promise<Response> {
  const doc = await siteFeed({ kind });
  const headers = { etag: doc.etag, "cache-control": SITE_FEED_CACHE_CONTROL };
  if (ifNoneMatch !== null && namesEtag(ifNoneMatch, doc.etag)) return new Response(null, { status: 304, headers });
  return new Response(doc.body, { headers: { ...headers, "content-type": CONTENT_TYPES[kind] } });
}
